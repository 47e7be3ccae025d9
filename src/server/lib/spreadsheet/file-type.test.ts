import ExcelJS from 'exceljs';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { sniffSpreadsheet } from './file-type';
import { buildZip } from './zip-fixtures';

async function xlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Menu').addRow(['Batch#', 'Dispensary Location(s)', 'Case Size']);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('sniffSpreadsheet (by content, never by name)', () => {
  it('knows an xlsx, an xls and a CSV', async () => {
    expect(sniffSpreadsheet(await xlsx())).toBe('xlsx');
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet([['a', 1]]), 'S');
    expect(sniffSpreadsheet(new Uint8Array(XLSX.write(workbook, { type: 'buffer', bookType: 'biff8' }) as Buffer))).toBe('xls');
    expect(sniffSpreadsheet(new TextEncoder().encode('\uFEFFBatch#,Dispensary Location(s),Case Size\r\nMN-1,Étoile Dispensary,2\r\n'))).toBe('csv');
  });

  it('refuses other zips (a docx, an ods), binary files and text that is not UTF-8', () => {
    const docx = buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from('<document/>') },
    ]);
    expect(sniffSpreadsheet(docx)).toBeNull();
    expect(sniffSpreadsheet(buildZip([{ name: 'mimetype', data: Buffer.from('application/vnd.oasis.opendocument.spreadsheet'), stored: true }]))).toBeNull();
    expect(sniffSpreadsheet(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBeNull();
    expect(sniffSpreadsheet(Buffer.from('Batch#,Case Size\n\u00001,2', 'utf8'))).toBeNull();
    expect(sniffSpreadsheet(Buffer.from('Batch#,Case Size\n1,2', 'utf16le'))).toBeNull();
    expect(sniffSpreadsheet(Buffer.from([0x42, 0x61, 0xff, 0xfe, 0x41]))).toBeNull();
  });
});
