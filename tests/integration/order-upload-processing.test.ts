// The confirm step of a bulk upload against the real database, with the orders service stood in for so
// that a test can hold an order mid-creation: status shows ORDER-INITIATED meanwhile, a refused order
// leaves its customer FAILED with the reason, and processing that stopped is concluded by the next call.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderBody, OrderRef } from '../../src/shared/api/orders';
import { marketDate } from '../../src/shared/market-time';
import { defaultPermissionMap } from '../../src/shared/permissions';
import type { AuthenticatedUser, MarketScope } from '../../src/server/auth/access-control';
import { queryRows } from '../../src/server/db/client';
import { DEMO_USERS } from '../../src/server/db/demo-data/demo-users';
import { conflict } from '../../src/server/lib/errors';
import type { RequestContext } from '../../src/server/lib/request-context';
import { createParsePool, type ParsePool } from '../../src/server/lib/spreadsheet/parse-pool';
import { SpreadsheetError, SPREADSHEET_MESSAGES } from '../../src/server/lib/spreadsheet/spreadsheet-error';
import { createOrderUploadService, STALLED_MESSAGE, UPLOADS_IN_FLIGHT_MESSAGE, type OrderUploadDependencies } from '../../src/server/modules/order-upload/order-upload.service';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
const parsePool: ParsePool = createParsePool();
let market: MarketScope;
let csv: Uint8Array;
const caller: AuthenticatedUser = { id: DEMO_USERS.mnSalesPerson.id, azureUserId: DEMO_USERS.mnSalesPerson.azureUserId, name: DEMO_USERS.mnSalesPerson.name, email: DEMO_USERS.mnSalesPerson.email, roles: [] };
let ctx: RequestContext;
const log = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };

beforeAll(async () => {
  api = await createTestApp();
  const db = api.database.db;
  const [mn] = await queryRows<{ id: number; name: string }>(db, sql`select id, name from markets where code = 'MN'`);
  market = { id: mn!.id, code: 'MN', name: mn!.name, seedToSaleSystem: 'metrc', role: 'Sales Person', permissions: defaultPermissionMap('Sales Person') };
  ctx = { requestId: 'test', log, caller, market };
  const [batch] = await queryRows<{ batch_number: string }>(db, sql`select batch_number from batches where market_id = ${mn!.id} and status = 'active' order by id limit 1`);
  const names = await queryRows<{ name: string }>(db, sql`select name from customers where market_id = ${mn!.id} and is_active order by id limit 2`);
  csv = new TextEncoder().encode(`Batch#,Dispensary Location(s),Case Size\n${batch!.batch_number},"${names.map((n) => n.name).join(', ')}",1\n`);
});
afterAll(async () => {
  await parsePool.close();
  await api.close();
});

function service(createOrder: (body: CreateOrderBody) => Promise<OrderRef>, extra: Partial<OrderUploadDependencies> = {}) {
  return createOrderUploadService({ db: api.database.db, orders: { createOrder: (_ctx, body) => createOrder(body) }, parsePool, ...extra });
}

const confirmBody = (upload: { result: { customer_id: number; customer_name: string; index: number; customer_group: 'INT' | 'EXT' }[]; referenceId: string | null }) => ({
  marketCode: 'MN' as const,
  menuType: 'internal' as const,
  referenceId: upload.referenceId!,
  action: 'confirm' as const,
  result: upload.result.map((c) => ({ customer_id: c.customer_id, customer_name: c.customer_name, index: c.index, customer_group: c.customer_group, delivery_date: marketDate('MN') })),
});

async function anyOrder(): Promise<OrderRef> {
  const [order] = await queryRows<{ id: number; reference_id: string }>(api.database.db, sql`select id, reference_id from orders where market_id = ${market.id} order by id limit 1`);
  return { orderId: order!.id, referenceId: order!.reference_id, orderStatus: 'Pending' };
}

describe('bulk upload processing', () => {
  it('shows ORDER-INITIATED while orders are being made, and each outcome after', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const uploads = service(async () => {
      calls += 1;
      if (calls === 1) {
        await held;
        return anyOrder();
      }
      throw conflict('Batch MN-B1 has no cases left.');
    });
    const opened = await uploads.create(ctx, { menuType: 'internal', fileName: 'menu.csv', file: Buffer.from(csv).toString('base64') });
    const processing = uploads.process(ctx, confirmBody(opened));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const during = await uploads.status(ctx);
    expect(during.referenceId).toBe(opened.referenceId);
    expect(during.result.map((c) => c.menu_upload_status)).toEqual(['ORDER-INITIATED', 'ORDER-INITIATED']);
    expect(during.result.map((c) => c.delivery_date)).toEqual([marketDate('MN'), marketDate('MN')]);

    release();
    const done = await processing;
    expect(done.result.map((c) => [c.menu_upload_status, c.error])).toEqual([
      ['COMPLETED', null],
      ['FAILED', 'Batch MN-B1 has no cases left.'],
    ]);
    expect(done.result[0]!.reference_id).toMatch(/^ORD-MN-/);
    expect(await uploads.status(ctx)).toEqual({ result: [], referenceId: null });
  });

  it('reports an unexpected failure as the spec message, not the internal error', async () => {
    const uploads = service(async () => {
      throw new Error('connection reset');
    });
    const opened = await uploads.create(ctx, { menuType: 'internal', fileName: 'menu.csv', file: Buffer.from(csv).toString('base64') });
    const done = await uploads.process(ctx, confirmBody(opened));
    expect(done.result.map((c) => c.error)).toEqual(['Failed to create order', 'Failed to create order']);
  });

  it("refuses a user's third upload while two of theirs are being read (429), without holding up another user", async () => {
    const reads: { caller: string; fail: (error: Error) => void }[] = [];
    let reader = caller;
    const uploads = service(anyOrder, {
      readFile: () => new Promise((_resolve, reject) => reads.push({ caller: reader.id, fail: reject })),
    });
    const send = (as: RequestContext) => uploads.create(as, { menuType: 'internal', fileName: 'menu.csv', file: Buffer.from(csv).toString('base64') });
    const first = send(ctx);
    const second = send(ctx);
    await expect(send(ctx)).rejects.toMatchObject({ statusCode: 429, message: UPLOADS_IN_FLIGHT_MESSAGE });

    const admin = DEMO_USERS.mnAdmin;
    reader = { ...caller, id: admin.id, name: admin.name };
    const other = send({ ...ctx, caller: reader });
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads.map((read) => read.caller)).toEqual([caller.id, caller.id, admin.id]);

    for (const read of reads) read.fail(new SpreadsheetError('unreadable', SPREADSHEET_MESSAGES.unreadable));
    await Promise.allSettled([first, second, other]);
    // Once the earlier files are done, the user may send another.
    reader = caller;
    const again = send(ctx);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toHaveLength(4);
    reads[3]!.fail(new SpreadsheetError('unreadable', SPREADSHEET_MESSAGES.unreadable));
    await expect(again).rejects.toMatchObject({ statusCode: 400 });
  });

  it('concludes an upload whose processing stopped, on any later call', async () => {
    const never = new Promise<OrderRef>(() => {});
    const dying = service(() => never);
    const opened = await dying.create(ctx, { menuType: 'internal', fileName: 'menu.csv', file: Buffer.from(csv).toString('base64') });
    void dying.process(ctx, confirmBody(opened));
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Another instance, eleven minutes later.
    const later = service(anyOrder, { now: () => new Date(Date.now() + 11 * 60_000) });
    const open = await later.status(ctx);
    expect(open).toEqual({ result: [], referenceId: null });
    const concluded = await later.status(ctx, opened.referenceId!);
    expect(concluded.result.map((c) => [c.menu_upload_status, c.error])).toEqual([
      ['FAILED', STALLED_MESSAGE],
      ['FAILED', STALLED_MESSAGE],
    ]);
    // A fresh upload is possible again.
    const next = await later.create(ctx, { menuType: 'internal', fileName: 'menu.csv', file: Buffer.from(csv).toString('base64') });
    expect(next.referenceId).not.toBe(opened.referenceId);
  });
});
