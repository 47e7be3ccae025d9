// The reader end to end: the parse runs in a real pooled worker thread (loaded through tsx, as in the
// development server), with its deadline and heap limit, and the cheap checks refuse what should never reach it.
import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import { afterAll, describe, expect, it } from 'vitest';
import { createParsePool } from './parse-pool';
import { readSpreadsheet as readWith, type ReadLimits } from './read-spreadsheet';
import { SpreadsheetError, type SpreadsheetProblem } from './spreadsheet-error';
import { buildZipBomb } from './zip-fixtures';

const pool = createParsePool();
afterAll(() => pool.close());
const readSpreadsheet = (bytes: Uint8Array, limits: Partial<ReadLimits> = {}) => readWith(bytes, { pool, owner: 'tester', ...limits });

async function problemOf(run: Promise<unknown>): Promise<{ problem: SpreadsheetProblem; message: string }> {
  try {
    await run;
  } catch (error) {
    if (error instanceof SpreadsheetError) return { problem: error.problem, message: error.message };
    throw error;
  }
  throw new Error('the file was read');
}

function bigCsv(rows: number): Uint8Array {
  const lines = ['Batch#,Dispensary Location(s),Case Size'];
  for (let index = 0; index < rows; index += 1) lines.push(`MN-B${index},Store ${index},${(index % 9) + 1}`);
  return new TextEncoder().encode(lines.join('\n'));
}

describe('readSpreadsheet', () => {
  it('reads the first sheet of an xlsx as text rows with their sheet row numbers, skipping blank rows', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Menu');
    sheet.getCell('A2').value = 'Batch#';
    sheet.getCell('B2').value = 'Case Size';
    sheet.getCell('A4').value = 12345;
    sheet.getCell('B4').value = 2;
    workbook.addWorksheet('Other').addRow(['ignored']);
    const content = await readSpreadsheet(new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(content).toEqual({
      kind: 'xlsx',
      rows: [
        { row: 2, cells: ['Batch#', 'Case Size'] },
        { row: 4, cells: ['12345', '2'] },
      ],
    });
  });

  it('reads an xls, and a UTF-8 CSV keeping every value as written', async () => {
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['Batch#'], ['MN-1']]), 'S');
    expect((await readSpreadsheet(new Uint8Array(XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer))).rows).toEqual([
      { row: 1, cells: ['Batch#'] },
      { row: 2, cells: ['MN-1'] },
    ]);
    const csv = await readSpreadsheet(new TextEncoder().encode('\uFEFFBatch#,Dispensary Location(s),Case Size\r\n00123,"Étoile, Duluth",1-2\r\n'));
    expect(csv).toEqual({
      kind: 'csv',
      rows: [
        { row: 1, cells: ['Batch#', 'Dispensary Location(s)', 'Case Size'] },
        { row: 2, cells: ['00123', 'Étoile, Duluth', '1-2'] },
      ],
    });
  });

  it('refuses a file too large, empty, of another type, or a zip bomb, before any worker starts', async () => {
    expect(await problemOf(readSpreadsheet(new Uint8Array(10 * 1024 * 1024 + 1)))).toEqual({
      problem: 'too-large',
      message: 'File size exceeds the 10MB limit. Please upload a smaller file.',
    });
    expect((await problemOf(readSpreadsheet(new Uint8Array(0)))).problem).toBe('empty');
    expect(await problemOf(readSpreadsheet(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0xff, 0xfe])))).toEqual({
      problem: 'unsupported',
      message: 'Unsupported file format. Please upload a XLSX, or XLS file.',
    });
    expect((await problemOf(readSpreadsheet(buildZipBomb()))).problem).toBe('zip-bomb');
  });

  it('reads CSV text as CSV only: markup is refused, and cells that look like markup or formulas stay text', async () => {
    for (const markup of ['<table><tr><td>Batch#</td></tr></table>', '\uFEFF\r\n<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"/>']) {
      expect(await problemOf(readSpreadsheet(new TextEncoder().encode(markup)))).toEqual({ problem: 'unsupported', message: 'Unsupported file format. Please upload a XLSX, or XLS file.' });
    }
    const csv = await readSpreadsheet(new TextEncoder().encode('Batch#,Notes\n"<b>MN-1</b>",=1+1\n\nMN-2,"two\nlines"\n'));
    expect(csv.rows).toEqual([
      { row: 1, cells: ['Batch#', 'Notes'] },
      { row: 2, cells: ['<b>MN-1</b>', '=1+1'] },
      { row: 4, cells: ['MN-2', 'two\nlines'] },
    ]);
  });

  it('refuses a zip bomb whose headers lie about its size, by what it really inflates to', async () => {
    expect(await problemOf(readSpreadsheet(buildZipBomb(200, { declaredSheetBytes: 1024 })))).toEqual({
      problem: 'zip-bomb',
      message: 'The file is compressed more than 100:1 (xl/worksheets/sheet1.xml), which is how zip bombs look; it was not opened.',
    });
  });

  it('calls a damaged workbook unreadable', async () => {
    const damaged = new Uint8Array(4096).map((_, index) => (index * 131 + 17) % 256);
    damaged.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(await problemOf(readSpreadsheet(damaged))).toEqual({
      problem: 'unreadable',
      message: 'The file could not be read. Check that it is a valid XLSX, XLS or CSV file and upload it again.',
    });
  });

  it('refuses a sheet longer than the row limit', async () => {
    expect(await problemOf(readSpreadsheet(bigCsv(30), { maxRows: 20 }))).toEqual({
      problem: 'too-many-rows',
      message: 'The file has more than 20 rows. Please split it into smaller files.',
    });
  });

  it('stops a parse that runs past its deadline', async () => {
    expect(await problemOf(readSpreadsheet(bigCsv(300_000), { timeoutMs: 50, maxRows: 1_000_000 }))).toEqual({ problem: 'timeout', message: 'The file took too long to read.' });
  });

  it('ends a worker that needs more than its heap limit, and the server carries on', async () => {
    const small = createParsePool({ maxOldGenerationSizeMb: 32 });
    try {
      expect(await problemOf(readWith(bigCsv(200_000), { pool: small, owner: 'tester', maxRows: 1_000_000 }))).toEqual({
        problem: 'out-of-memory',
        message: 'The file needs too much memory to read. Please upload a smaller file.',
      });
      expect((await readWith(bigCsv(3), { pool: small, owner: 'tester' })).rows).toHaveLength(4);
    } finally {
      await small.close();
    }
  });
});
