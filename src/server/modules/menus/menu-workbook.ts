// One buyer's menu as a styled xlsx, written with exceljs's streaming writer: a title row (market, buyer, sales
// person, export time), a bold frozen header with an autofilter, the rows with the screen's colours, prices and
// expiry dates as real number and date cells, and text that a spreadsheet could read as a formula neutralised.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { ROUND_TRIP_COLUMNS, type ExportableMenuField, type MenuListingRow, type SelectedMenuColumn } from '../../../shared/api/menus';
import type { MenuType } from '../../../shared/enums';
import { formatItemSize, formatPotency, formatTopTerpenes } from '../../../shared/format';
import { categoryBorderColor, ROW_COLORS, rowColorName } from '../../../shared/menu-colors';
import { fileTimestamp, neutraliseFormula } from '../../lib/spreadsheet/export-text';

/** A column of the workbook: a listing field, or one the bulk menu upload reads back. */
type WorkbookColumn = { header: string; source: ExportableMenuField | 'dispensaries' | 'cases' };

export type MenuWorkbookInput = {
  marketName: string;
  marketCode: string;
  msoName: string;
  salesPerson: string | null;
  exportedAt: Date;
  timeZone: string;
  menuType: MenuType;
  columns: readonly SelectedMenuColumn[];
  rows: readonly MenuListingRow[];
  /** Internal menus: the buyer's own dispensaries, prefilled in Dispensary Location(s). */
  dispensaries: readonly string[];
};

const TITLE_ROW = 1;
const HEADER_ROW = 2;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
const PRICE_FORMAT = '"$"#,##0.00';
const DATE_FORMAT = 'mm/dd/yyyy';
const NUMBER_FIELDS = new Set<string>(['case_size', 'available_case_size', 'standard_case_size', 'base_price']);

/** 'MN_Green_Leaf_Co._Internal_2025_03_07_1405.xlsx': market, MSO (unsafe characters as _), tab, market time. */
export function menuFileName(marketCode: string, msoName: string, menuType: MenuType, at: Date, timeZone: string): string {
  const safeName = msoName.trim().replace(/[^A-Za-z0-9._-]/g, '_') || 'MSO';
  const tab = menuType === 'internal' ? 'Internal' : 'External';
  return `${marketCode}_${safeName}_${tab}_${fileTimestamp(at, timeZone)}.xlsx`;
}

/** 'Mar 7, 2025 2:05 PM CST' on the market's clock. */
export function exportTime(at: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(at);
  return text.replace(/ at /, ' ').replace(/,(\s*\d{1,2}:)/, '$1');
}

/**
 * The workbook's columns: the selected ones in their order; internal menus then add Batch#, Dispensary
 * Location(s), Case Size and an empty Cases column for the bulk menu upload. A selected batch number or case
 * size is written once, under the upload's header.
 */
export function workbookColumns(menuType: MenuType, selected: readonly SelectedMenuColumn[]): WorkbookColumn[] {
  const columns: WorkbookColumn[] = [...selected].sort((a, b) => a.index - b.index).map((column) => ({ header: column.label, source: column.field }));
  if (menuType !== 'internal') return columns;
  const renamed = columns.map((column) =>
    column.source === 'batch_number' ? { ...column, header: ROUND_TRIP_COLUMNS.batch } : column.source === 'case_size' ? { ...column, header: ROUND_TRIP_COLUMNS.caseSize } : column,
  );
  const has = (source: WorkbookColumn['source']) => renamed.some((column) => column.source === source);
  return [
    ...renamed,
    ...(has('batch_number') ? [] : [{ header: ROUND_TRIP_COLUMNS.batch, source: 'batch_number' as const }]),
    { header: ROUND_TRIP_COLUMNS.dispensaries, source: 'dispensaries' as const },
    ...(has('case_size') ? [] : [{ header: ROUND_TRIP_COLUMNS.caseSize, source: 'case_size' as const }]),
    { header: ROUND_TRIP_COLUMNS.cases, source: 'cases' as const },
  ];
}

/** yyyy-MM-dd as a date cell: midnight UTC, which exceljs writes as that calendar day. */
function dateCell(day: string | null): Date | null {
  if (!day) return null;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
}

/** A cell's value as the screen shows it, numbers and dates as real cells. */
export function cellValue(source: WorkbookColumn['source'], row: MenuListingRow, dispensaries: string): string | number | Date | null {
  switch (source) {
    case 'dispensaries':
      return neutraliseFormula(dispensaries);
    case 'cases':
      return null;
    case 'item_size':
      return formatItemSize(row.item_size, row.item_size_uom);
    case 'thc_value':
      return formatPotency(row.thc_value, row.thc_total_uom);
    case 'cbd_value':
      return formatPotency(row.cbd_value, row.cbd_total_uom);
    case 'top_terpenes':
      return neutraliseFormula(formatTopTerpenes(row.top_terpenes));
    case 'expired_date':
      return dateCell(row.expired_date);
    default: {
      const value = row[source];
      if (value === null || value === undefined) return null;
      if (typeof value === 'number') return value;
      return neutraliseFormula(String(value));
    }
  }
}

const argb = (hex: string) => `FF${hex.replace('#', '').toUpperCase()}`;

function textLength(value: ReturnType<typeof cellValue>): number {
  if (value === null) return 0;
  if (value instanceof Date) return 10;
  return typeof value === 'number' ? String(value).length + 3 : value.length;
}

export async function writeMenuWorkbook(input: MenuWorkbookInput): Promise<Buffer> {
  const columns = workbookColumns(input.menuType, input.columns);
  const dispensaries = input.dispensaries.join(', ');
  const values = input.rows.map((row) => columns.map((column) => cellValue(column.source, row, dispensaries)));
  const widths = columns.map((column, index) =>
    Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, column.header.length + 4, ...values.map((rowValues) => textLength(rowValues[index]!) + 2))),
  );

  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Wholesale back office';
  const sheet = workbook.addWorksheet('Menu', { views: [{ state: 'frozen', ySplit: HEADER_ROW, xSplit: 0 }] });
  sheet.columns = columns.map((column, index) => ({
    key: `c${index}`,
    width: widths[index],
    style: NUMBER_FIELDS.has(column.source) ? { numFmt: column.source === 'base_price' ? PRICE_FORMAT : '0' } : column.source === 'expired_date' ? { numFmt: DATE_FORMAT } : {},
  }));
  const lastColumn = sheet.getColumn(columns.length).letter;

  const salesPerson = input.salesPerson ? ` | Sales Person: ${input.salesPerson}` : '';
  const title = sheet.getRow(TITLE_ROW);
  title.getCell(1).value = neutraliseFormula(`${input.marketName} (${input.marketCode}) | Buyer: ${input.msoName}${salesPerson} | Exported: ${exportTime(input.exportedAt, input.timeZone)}`);
  title.getCell(1).font = { bold: true, size: 13 };
  title.height = 22;
  if (columns.length > 1) sheet.mergeCells(`A${TITLE_ROW}:${lastColumn}${TITLE_ROW}`);
  title.commit();

  const header = sheet.getRow(HEADER_ROW);
  columns.forEach((column, index) => {
    const cell = header.getCell(index + 1);
    cell.value = neutraliseFormula(column.header);
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } };
    cell.border = { bottom: { style: 'thin', color: { argb: 'FF9CA3AF' } } };
  });
  header.commit();
  sheet.autoFilter = `A${HEADER_ROW}:${lastColumn}${HEADER_ROW}`;

  input.rows.forEach((row, rowIndex) => {
    const colour = rowColorName(row.row_color);
    const fill: ExcelJS.Fill | undefined = colour ? { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(ROW_COLORS[colour].fill) } } : undefined;
    const written = sheet.getRow(HEADER_ROW + 1 + rowIndex);
    values[rowIndex]!.forEach((value, index) => {
      const cell = written.getCell(index + 1);
      cell.value = value;
      const source = columns[index]!.source;
      if (source === 'base_price') cell.numFmt = PRICE_FORMAT;
      else if (source === 'expired_date') cell.numFmt = DATE_FORMAT;
      if (fill) cell.fill = fill;
    });
    written.getCell(1).border = { left: { style: 'thick', color: { argb: argb(categoryBorderColor(row.category_name)) } } };
    written.commit();
  });
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}
