// Bulk menu upload end to end: a file becomes a per-customer review, a confirm makes one order per
// customer, and every refused file (wrong type, too large, zip bomb, missing column, bad row) stores nothing.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOneYear, marketDate } from '../../src/shared/market-time';
import { queryRows } from '../../src/server/db/client';
import { buildZipBomb } from '../../src/server/lib/spreadsheet/zip-fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
type Batch = { batch_number: string; id: number; case_size: number };
let batches: Batch[];
let customers: { id: number; name: string }[];

beforeAll(async () => {
  api = await createTestApp({ STATS_CACHE_MS: '0' });
  const db = api.database.db;
  batches = await queryRows<Batch>(
    db,
    sql`select b.batch_number, b.id, b.case_size from batches b join markets m on m.id = b.market_id
         where m.code = 'MN' and b.status = 'active' and b.lab_status = 'passed'
           and (b.expiry_date is null or b.expiry_date > current_date + 30)
           and (b.active_units - b.reserved_units) >= b.case_size * 20
         order by b.id limit 6`,
  );
  customers = await queryRows(db, sql`select c.id, c.name from customers c join markets m on m.id = c.market_id where m.code = 'MN' and c.is_active order by c.id limit 4`);
  if (batches.length < 6 || customers.length < 4) throw new Error('the demo data lacks orderable MN batches or customers');
});
afterAll(async () => {
  await api.close();
});

const HEADER = ['Batch#', 'Dispensary Location(s)', 'Case Size'];

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Menu');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function csvOf(rows: unknown[][]): Buffer {
  return Buffer.from(rows.map((row) => row.map((cell) => `"${String(cell).replace(/"/g, '""')}"`).join(',')).join('\r\n'), 'utf8');
}

function upload(bytes: Buffer | Uint8Array, fileName = 'menu.xlsx', user: 'mnSalesPerson' | 'mnFulfilment' | 'mnAdmin' = 'mnSalesPerson') {
  return api.call(user, {
    method: 'POST',
    url: '/api/order/upload/create',
    market: 'MN',
    body: { marketCode: 'MN', menuType: 'internal', fileName, file: Buffer.from(bytes).toString('base64') },
  });
}

function process(body: Record<string, unknown>, user: 'mnSalesPerson' | 'njAdmin' = 'mnSalesPerson', market = 'MN') {
  return api.call(user, { method: 'POST', url: '/api/order/upload/process', market, body: { menuType: 'internal', ...body } });
}

function status(query = '', user: 'mnSalesPerson' | 'njAdmin' = 'mnSalesPerson', market = 'MN') {
  return api.call(user, { url: `/api/order/upload/status?marketCode=${market}${query}`, market });
}

async function counts() {
  const [row] = await queryRows<{ uploads: number; upload_customers: number; orders: number; audits: number }>(
    api.database.db,
    sql`select (select count(*)::int from upload_batches) as uploads, (select count(*)::int from upload_customers) as upload_customers,
               (select count(*)::int from orders) as orders, (select count(*)::int from audit_log where entity_type = 'upload_batch') as audits`,
  );
  return row!;
}

/** Calls a refused upload and checks that the database did not change. */
async function refused(bytes: Buffer | Uint8Array, fileName = 'menu.xlsx') {
  const before = await counts();
  const response = await upload(bytes, fileName);
  expect(await counts()).toEqual(before);
  return response;
}

async function cancelOpen() {
  const open = await status();
  if (open.body.data.customers.referenceId) {
    const cancelled = await process({ referenceId: open.body.data.customers.referenceId, action: 'cancel', result: [] });
    expect(cancelled.status).toBe(200);
  }
}

const tomorrow = () => {
  const today = marketDate('MN');
  const next = new Date(`${today}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

describe('bulk menu upload', () => {
  it('reads a good xlsx for two customers, reviews it, refuses a confirm without dates, then makes two orders', async () => {
    const [a, b] = customers as [{ id: number; name: string }, { id: number; name: string }];
    const [b1, b2, b3] = batches as [Batch, Batch, Batch];
    const file = await xlsxOf([
      HEADER,
      [b1.batch_number, `${a.name}, ${b.name}`, 2],
      [b2.batch_number, a.name, 1],
      [b3.batch_number.toLowerCase(), `${b.name};`, 3],
      [b1.batch_number, b.name, 1],
    ]);
    const before = await counts();
    const created = await upload(file);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { result, referenceId } = created.body.data.customers;
    expect(referenceId).toMatch(/^UPL-MN-\d{4}$/);
    expect(result).toEqual([
      expect.objectContaining({ customer_id: a.id, customer_name: a.name, index: 0, menu_upload_status: 'IN-PROGRESS', line_count: 2, total_cases: 3, delivery_date: null, reference_id: null }),
      expect.objectContaining({ customer_id: b.id, customer_name: b.name, index: 1, menu_upload_status: 'IN-PROGRESS', line_count: 2, total_cases: 6 }),
    ]);
    expect(await counts()).toMatchObject({ uploads: before.uploads + 1, upload_customers: before.upload_customers + 2, orders: before.orders });

    const review = await status();
    expect(review.body.data.customers).toEqual(created.body.data.customers);

    const entries = result.map((customer: Record<string, unknown>) => ({
      customer_id: customer.customer_id,
      customer_name: customer.customer_name,
      index: customer.index,
      customer_group: customer.customer_group,
    }));
    const undated = await process({ referenceId, action: 'confirm', result: [{ ...entries[0], delivery_date: tomorrow() }, { ...entries[1], delivery_date: '' }] });
    expect(undated.status).toBe(400);
    expect(undated.body.message).toBe('Please enter the delivery dates for all orders.');
    expect((await status()).body.data.customers.result.map((c: { menu_upload_status: string }) => c.menu_upload_status)).toEqual(['IN-PROGRESS', 'IN-PROGRESS']);

    const past = await process({ referenceId, action: 'confirm', result: entries.map((entry: object) => ({ ...entry, delivery_date: '2020-01-01' })) });
    expect(past.status).toBe(400);
    expect(past.body.message).toMatch(/^The delivery date for .* must be between/);

    const confirmed = await process({ referenceId, action: 'confirm', result: entries.map((entry: object) => ({ ...entry, delivery_date: tomorrow() })) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const outcome = confirmed.body.data.customers.result;
    expect(outcome.map((c: { error: string | null }) => c.error)).toEqual([null, null]);
    expect(outcome.map((c: { menu_upload_status: string }) => c.menu_upload_status)).toEqual(['COMPLETED', 'COMPLETED']);
    for (const customer of outcome) expect(customer.reference_id).toMatch(/^ORD-MN-/);
    expect((await counts()).orders).toBe(before.orders + 2);

    const made = await queryRows<{ customer_id: number; requested_delivery_date: string; lines: { batch_id: number; no_of_cases: number }[] }>(
      api.database.db,
      sql`select o.customer_id, o.requested_delivery_date,
                 (select json_agg(json_build_object('batch_id', i.batch_id, 'no_of_cases', i.no_of_cases) order by i.batch_id) from order_items i where i.order_id = o.id) as lines
            from orders o where o.reference_id in (${outcome[0].reference_id}, ${outcome[1].reference_id}) order by o.customer_id`,
    );
    const byCustomer = new Map(made.map((order) => [order.customer_id, order]));
    expect(byCustomer.get(a.id)?.lines).toEqual([{ batch_id: b1.id, no_of_cases: 2 }, { batch_id: b2.id, no_of_cases: 1 }].sort((x, y) => x.batch_id - y.batch_id));
    expect(byCustomer.get(b.id)?.lines).toEqual([{ batch_id: b1.id, no_of_cases: 3 }, { batch_id: b3.id, no_of_cases: 3 }].sort((x, y) => x.batch_id - y.batch_id));
    expect(byCustomer.get(a.id)?.requested_delivery_date).toBe(tomorrow());

    // Finished: the review is gone, but the upload itself can still be looked up for its outcome.
    expect((await status()).body.data.customers).toEqual({ result: [], referenceId: null });
    expect((await status(`&referenceId=${referenceId}`)).body.data.customers.result).toHaveLength(2);
    const again = await process({ referenceId, action: 'cancel', result: [] });
    expect(again.status).toBe(409);

    const audits = await queryRows<{ action: string }>(api.database.db, sql`select action from audit_log where entity_type = 'upload_batch' and entity_id = ${referenceId} order by id`);
    expect(audits.map((row) => row.action)).toEqual(['create', 'confirm', 'complete']);
  });

  it('reads a CSV, allows one open upload per market, and cancels a review (customers FAILED, review cleared)', async () => {
    const [, , c, d] = customers as { id: number; name: string }[];
    const [, , , b4] = batches as Batch[];
    const file = csvOf([HEADER, [b4!.batch_number, `${c!.name}; ${d!.name}`, 4]]);
    const created = await upload(file, 'menu.csv');
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { referenceId, result } = created.body.data.customers;
    expect(result.map((customer: { total_cases: number }) => customer.total_cases)).toEqual([4, 4]);

    const second = await refused(file, 'again.csv');
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(`Upload ${referenceId} is waiting for review. Confirm or cancel it before uploading another file.`);

    const cancelled = await process({ referenceId, action: 'cancel', result: [] });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.customers.result).toEqual([
      expect.objectContaining({ menu_upload_status: 'FAILED', error: 'Cancelled by Jordan Lee.' }),
      expect.objectContaining({ menu_upload_status: 'FAILED', error: 'Cancelled by Jordan Lee.' }),
    ]);
    expect((await status()).body.data.customers).toEqual({ result: [], referenceId: null });
  });

  it('reads Case Size as the units per case when the file has a Cases column', async () => {
    const [b5] = batches.slice(4) as Batch[];
    const wrong = await refused(await xlsxOf([[...HEADER, 'Cases'], [b5!.batch_number, customers[0]!.name, b5!.case_size + 1, 2]]));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(`Row 2, Case Size: ${b5!.batch_number} is packed ${b5!.case_size} units to a case, not ${b5!.case_size + 1}`);

    const right = await upload(await xlsxOf([[...HEADER, 'Cases'], [b5!.batch_number, customers[0]!.name, b5!.case_size, 2]]));
    expect(right.status).toBe(200);
    expect(right.body.data.customers.result[0]).toMatchObject({ line_count: 1, total_cases: 2 });
    await cancelOpen();
  });

  it('refuses a file named .xlsx that is not one, and says so', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 0xff)]);
    const response = await refused(png, 'menu.xlsx');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Unsupported file format. Please upload a XLSX, or XLS file.');

    const wordDocument = await refused(Buffer.from('PK\u0003\u0004 not really a zip at all, just the magic bytes and some text after them ...'), 'menu.xlsx');
    expect(wordDocument.status).toBe(400);
    expect(wordDocument.body.message).toBe('Unsupported file format. Please upload a XLSX, or XLS file.');
  });

  it('reads a .csv as CSV only: an HTML table or Excel 2003 XML named .csv is refused as an unsupported format', async () => {
    const [row] = [[batches[0]!.batch_number, customers[0]!.name, 1]];
    const cells = (values: unknown[], tag: string) => values.map((value) => `<${tag}>${String(value)}</${tag}>`).join('');
    const html = `<html><body><table><tr>${cells(HEADER, 'th')}</tr><tr>${cells(row!, 'td')}</tr></table></body></html>`;
    const spreadsheetMl = [
      '<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">',
      `<Worksheet ss:Name="Menu"><Table>${[HEADER, row!].map((values) => `<Row>${values.map((value) => `<Cell><Data ss:Type="String">${String(value)}</Data></Cell>`).join('')}</Row>`).join('')}</Table></Worksheet></Workbook>`,
    ].join('');
    for (const markup of [html, `\uFEFF  ${spreadsheetMl}`]) {
      const response = await refused(Buffer.from(markup, 'utf8'), 'menu.csv');
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.message).toBe('Unsupported file format. Please upload a XLSX, or XLS file.');
    }
  });

  it('refuses a file over 10 MB with the spec message (413)', async () => {
    const response = await refused(Buffer.alloc(10 * 1024 * 1024 + 1, 0x41), 'big.csv');
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('File size exceeds the 10MB limit. Please upload a smaller file.');

    // A body past the route's limit never reaches the handler, and gets the same message.
    const huge = await api.call('mnSalesPerson', {
      method: 'POST',
      url: '/api/order/upload/create',
      market: 'MN',
      body: { fileName: 'huge.xlsx', file: 'A'.repeat(16 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('File size exceeds the 10MB limit. Please upload a smaller file.');
  });

  it('refuses a zip bomb before parsing it', async () => {
    const response = await refused(buildZipBomb(), 'bomb.xlsx');
    expect(response.status).toBe(400);
    expect(response.body.message).toContain('zip bombs');
  });

  it('refuses a zip bomb whose headers declare small sizes, by measuring what it really inflates to', async () => {
    const response = await refused(buildZipBomb(200, { declaredSheetBytes: 2048 }), 'lying.xlsx');
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The file is compressed more than 100:1 (xl/worksheets/sheet1.xml), which is how zip bombs look; it was not opened.');
  });

  it('names a missing column', async () => {
    const response = await refused(await xlsxOf([['Batch#', 'Dispensary Location(s)', 'Cases per store'], [batches[0]!.batch_number, customers[0]!.name, 1]]));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The file is missing the column Case Size. It must include Batch#, Dispensary Location(s) and Case Size.');
  });

  it('names the row and the column of a bad row, and stores nothing', async () => {
    const response = await refused(
      await xlsxOf([
        HEADER,
        [batches[0]!.batch_number, customers[0]!.name, 1],
        ['MN-B999', customers[0]!.name, 1],
        [batches[1]!.batch_number, 'Nobody Dispensary', 2.5],
      ]),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Row 3, Batch#: MN-B999 is not a batch in this market (and 2 more problems)');
    expect(response.body.details).toEqual([
      expect.objectContaining({ field: 'Row 3, Batch#', row: 3, column: 'Batch#' }),
      expect.objectContaining({ field: 'Row 4, Case Size', message: '2.5 is not a whole number of cases above 0' }),
      expect.objectContaining({ field: 'Row 4, Dispensary Location(s)', message: 'Nobody Dispensary is not a customer in this market' }),
    ]);

    const otherMarket = await queryRows<{ batch_number: string }>(api.database.db, sql`select b.batch_number from batches b join markets m on m.id = b.market_id where m.code = 'NJ' limit 1`);
    const foreign = await refused(await xlsxOf([HEADER, [otherMarket[0]!.batch_number, customers[0]!.name, 1]]));
    expect(foreign.body.message).toBe(`Row 2, Batch#: ${otherMarket[0]!.batch_number} is not a batch in this market`);
  });

  it('reads a legacy xls too', async () => {
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['Orders for next week'], HEADER, [batches[5]!.batch_number, customers[1]!.name, 5]]), 'Menu');
    const response = await upload(XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer, 'menu.xls');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.customers.result).toEqual([expect.objectContaining({ customer_id: customers[1]!.id, total_cases: 5 })]);
    await cancelOpen();
  });

  it('lets no Fulfilment Person upload', async () => {
    const before = await counts();
    const denied = await upload(await xlsxOf([HEADER, [batches[0]!.batch_number, customers[0]!.name, 1]]), 'menu.xlsx', 'mnFulfilment');
    expect(denied.status).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await api.call('mnFulfilment', { url: '/api/order/upload/status?marketCode=MN', market: 'MN' })).status).toBe(403);
  });

  it("answers 404 for another market's upload", async () => {
    const created = await upload(await xlsxOf([HEADER, [batches[0]!.batch_number, customers[0]!.name, 1]]));
    const { referenceId } = created.body.data.customers;
    expect((await status(`&referenceId=${referenceId}`, 'njAdmin', 'NJ')).status).toBe(404);
    const before = await counts();
    const foreign = await process({ referenceId, action: 'cancel', result: [] }, 'njAdmin', 'NJ');
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Upload not found');
    expect(await counts()).toEqual(before);
    await cancelOpen();
  });

  it('answers bad request shapes with a 400 naming the field', async () => {
    const action = await process({ referenceId: 'UPL-MN-0001', action: 'approve', result: [] });
    expect(action.status).toBe(400);
    expect(action.body).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field: 'action', message: 'must be confirm or cancel' })] });

    const before = await counts();
    const notBase64 = await api.call('mnSalesPerson', { method: 'POST', url: '/api/order/upload/create', market: 'MN', body: { fileName: 'menu.xlsx', file: 'not base64!' } });
    expect(notBase64.status).toBe(400);
    expect(notBase64.body.details).toEqual([expect.objectContaining({ field: 'file' })]);
    const empty = await api.call('mnSalesPerson', { method: 'POST', url: '/api/order/upload/create', market: 'MN', body: { fileName: 'menu.xlsx', file: '====' } });
    expect(empty.status).toBe(400);
    expect(await counts()).toEqual(before);

    const unknown = await status('&referenceId=UPL-MN-9999');
    expect(unknown.status).toBe(404);
  });

  it('refuses a delivery date more than a year ahead', async () => {
    const created = await upload(await xlsxOf([HEADER, [batches[0]!.batch_number, customers[0]!.name, 1]]));
    const { referenceId, result } = created.body.data.customers;
    const late = addOneYear(tomorrow());
    const response = await process({ referenceId, action: 'confirm', result: [{ ...result[0], delivery_date: late }] });
    expect(response.status).toBe(400);
    await cancelOpen();
  });
});
