import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { MenuListingRow } from '../../../shared/api/menus';
import { cellValue, exportTime, menuFileName, workbookColumns, writeMenuWorkbook } from './menu-workbook';

const row: MenuListingRow = {
  batch_id: 1,
  batch_number: 'MN-B2400001',
  product_id: 2,
  category_id: 3,
  category_name: 'flower',
  subcategory_id: null,
  subcategory_name: null,
  brand_id: 4,
  brand_name: '@Brand',
  strain_id: null,
  strain_name: null,
  strain_type: null,
  item_size: 3.5,
  item_size_uom: 'g',
  thc_value: 21.456,
  thc_a: null,
  thc_total_uom: 'Percentage',
  cbd_value: null,
  cbd_a: null,
  cbd_total_uom: null,
  top_terpenes: [
    { terpeneName: 'Myrcene', percentage: 1.2 },
    { terpeneName: 'Limonene', percentage: 0.849 },
  ],
  expired_date: '2026-03-07',
  s2s_product_name: '+cmd|calc',
  product_name: '=1+1',
  case_size: 12,
  available_case_size: 0,
  base_price: 25,
  s2s_location_name: 'Vault',
  row_color: 'unavailable',
};

describe('menuFileName', () => {
  it('is market, MSO (unsafe characters as _), tab and the market-time stamp', () => {
    const at = new Date('2025-03-07T20:05:00Z');
    expect(menuFileName('MN', 'Green Leaf Co. / "West"', 'internal', at, 'America/Chicago')).toBe('MN_Green_Leaf_Co.____West__Internal_2025_03_07_1405.xlsx');
    expect(menuFileName('NJ', '../../etc', 'external', at, 'America/New_York')).toBe('NJ_.._.._etc_External_2025_03_07_1505.xlsx');
    expect(exportTime(at, 'America/Chicago')).toBe('Mar 7, 2025 2:05 PM CST');
  });
});

describe('cells', () => {
  it('formats as the screen does, keeps numbers and dates real, and neutralises text', () => {
    const dispensaries = 'Store A, Store B';
    expect(cellValue('item_size', row, dispensaries)).toBe('3.5 g');
    expect(cellValue('thc_value', row, dispensaries)).toBe('21.456%');
    expect(cellValue('cbd_value', row, dispensaries)).toBe('Missing');
    expect(cellValue('top_terpenes', row, dispensaries)).toBe('Myrcene 1.20%, Limonene 0.85%');
    expect(cellValue('expired_date', row, dispensaries)).toEqual(new Date(Date.UTC(2026, 2, 7)));
    expect(cellValue('base_price', row, dispensaries)).toBe(25);
    expect(cellValue('product_name', row, dispensaries)).toBe("'=1+1");
    expect(cellValue('brand_name', row, dispensaries)).toBe("'@Brand");
    expect(cellValue('dispensaries', row, dispensaries)).toBe(dispensaries);
    expect(cellValue('cases', row, dispensaries)).toBeNull();
  });

  it('adds the round-trip columns to internal menus only, writing a selected case size once as Case Size', () => {
    const selected = [
      { index: 1, field: 'case_size' as const, label: 'Units' },
      { index: 0, field: 'product_name' as const, label: 'Name' },
    ];
    expect(workbookColumns('internal', selected).map((column) => column.header)).toEqual(['Name', 'Case Size', 'Batch#', 'Dispensary Location(s)', 'Cases']);
    expect(workbookColumns('external', selected).map((column) => column.header)).toEqual(['Name', 'Units']);
  });
});

describe('writeMenuWorkbook', () => {
  it('writes a title, a bold frozen header with an autofilter, red fill for an unavailable row and the category border', async () => {
    const content = await writeMenuWorkbook({
      marketName: 'Minnesota',
      marketCode: 'MN',
      msoName: 'Green Leaf',
      salesPerson: 'Jordan Lee',
      exportedAt: new Date('2025-03-07T20:05:00Z'),
      timeZone: 'America/Chicago',
      menuType: 'external',
      columns: [
        { index: 0, field: 'product_name', label: 'ERP Product Name' },
        { index: 1, field: 'base_price', label: 'Price per unit' },
      ],
      rows: [row],
      dispensaries: [],
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Minnesota (MN) | Buyer: Green Leaf | Sales Person: Jordan Lee | Exported: Mar 7, 2025 2:05 PM CST');
    expect(sheet.getRow(2).values).toEqual([undefined, 'ERP Product Name', 'Price per unit']);
    expect(sheet.getCell('A2').font.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 2 });
    expect(sheet.autoFilter).toBe('A2:B2');
    expect(sheet.getCell('A3').value).toBe("'=1+1");
    expect(sheet.getCell('B3').value).toBe(25);
    expect(sheet.getCell('B3').numFmt).toBe('"$"#,##0.00');
    expect((sheet.getCell('B3').fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFDE2E1');
    expect(sheet.getCell('A3').border.left).toEqual({ style: 'thick', color: { argb: 'FF2E7D32' } });
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual('ERP Product Name'.length);
  });
});
