// Row types of the tables the demo data fills, and one unnest-based insert that serves any of them.
import { getTableColumns, getTableName } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import { bulkInsert, type BulkColumn, type ColumnType } from '../bulk-insert';
import type { DbOrTx } from '../client';
import type * as schema from '../schema';

/**
 * Columns the database keeps itself, which rows the seed makes leave out: an import row's JSON and a product's case
 * size list row, search text and slots (triggers, migrations 0013, 0016 and 0018), search texts and a batch's top
 * terpenes (generated).
 */
const KEPT_BY_DATABASE = ['detailJson', 'searchText', 'caseSizeRow', 'caseSizeSearch', 'caseSizeSlots', 'topTerpenes'] as const;
/** A picklist's sort keys, copied from its order, dispensary, warehouse and items by triggers (migration 0025). */
const PICKLIST_SORT_KEYS = ['orderReference', 'customerName', 'locationName', 'requestedDeliveryDate', 'totalCases', 'percentageCompletion'] as const;
type KeptOf<T extends PgTable> = (typeof KEPT_BY_DATABASE)[number] | (T['_']['name'] extends 'picklists' ? (typeof PICKLIST_SORT_KEYS)[number] : never);
/** A row as the seed writes it: every column but those the database keeps. */
type WrittenRow<T extends PgTable> = Omit<T['$inferSelect'], KeptOf<T>>;

export type CategoryRow = typeof schema.categories.$inferSelect;
export type SubcategoryRow = typeof schema.subcategories.$inferSelect;
export type BrandRow = typeof schema.brands.$inferSelect;
export type StrainRow = typeof schema.strains.$inferSelect;
export type PickReasonRow = typeof schema.pickReasons.$inferSelect;
export type LocationRow = typeof schema.inventoryLocations.$inferSelect;
export type ProductRow = WrittenRow<typeof schema.products>;
export type ProductNameRow = typeof schema.productNames.$inferSelect;
export type ProductCaseSizeRow = typeof schema.productCaseSizes.$inferSelect;
export type BatchRow = WrittenRow<typeof schema.batches>;
export type BatchTagRow = typeof schema.batchTags.$inferSelect;
export type SalesPersonRow = typeof schema.salesPersons.$inferSelect;
export type MsoOwnerRow = typeof schema.msoOwners.$inferSelect;
export type CustomerRow = typeof schema.customers.$inferSelect;
export type OrderRow = typeof schema.orders.$inferSelect;
export type OrderItemRow = typeof schema.orderItems.$inferSelect;
export type OrderStatusHistoryRow = typeof schema.orderStatusHistory.$inferSelect;
export type OrderNoteRow = typeof schema.orderNotes.$inferSelect;
export type PicklistRow = WrittenRow<typeof schema.picklists>;
export type PicklistItemRow = typeof schema.picklistItems.$inferSelect;
export type ImportRow = typeof schema.imports.$inferSelect;
export type ImportDetailRow = WrittenRow<typeof schema.importRows>;
export type InventoryIssueRow = typeof schema.inventoryIssues.$inferSelect;

const BULK_TYPES: Record<string, ColumnType> = {
  integer: 'int',
  bigint: 'bigint',
  text: 'text',
  boolean: 'bool',
  date: 'date',
  'timestamp with time zone': 'timestamptz',
  uuid: 'uuid',
  jsonb: 'jsonb',
  'integer[]': 'int[]',
};

function bulkType(sqlType: string): ColumnType {
  if (sqlType.startsWith('numeric')) return 'numeric';
  const type = BULK_TYPES[sqlType];
  if (!type) throw new Error(`The demo data cannot bulk insert a ${sqlType} column`);
  return type;
}

const columnsByTable = new WeakMap<PgTable, BulkColumn<Record<string, unknown>>[]>();

function bulkColumns(table: PgTable): BulkColumn<Record<string, unknown>>[] {
  let columns = columnsByTable.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table))
      .filter(([key]) => !(KEPT_BY_DATABASE as readonly string[]).includes(key))
      .filter(([key]) => getTableName(table) !== 'picklists' || !(PICKLIST_SORT_KEYS as readonly string[]).includes(key))
      .map(([key, column]) => ({
      name: toSnakeCase(column.name),
      type: bulkType(column.getSQLType()),
      value: (row: Record<string, unknown>) => row[key],
    }));
    columnsByTable.set(table, columns);
  }
  return columns;
}

/** Inserts complete rows (every column given) with unnest arrays, whatever their number. */
export async function insertRows<T extends PgTable>(db: DbOrTx, table: T, rows: readonly WrittenRow<T>[]): Promise<void> {
  if (rows.length === 0) return;
  await bulkInsert(db, getTableName(table), bulkColumns(table), rows as readonly Record<string, unknown>[]);
}
