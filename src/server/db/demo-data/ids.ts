// Ids handed out in generation order, so that rows can point at each other before any is inserted.

export type Sequence = () => number;

export function sequence(first = 1): Sequence {
  let last = first - 1;
  return () => (last += 1);
}

/** Every table the generator gives explicit ids to; each needs its identity moved on afterwards. */
export const TABLES_WITH_IDS = [
  'categories',
  'subcategories',
  'brands',
  'strains',
  'pick_reasons',
  'inventory_locations',
  'products',
  'product_names',
  'batches',
  'batch_tags',
  'sales_persons',
  'mso_owners',
  'customers',
  'orders',
  'order_items',
  'order_status_history',
  'order_notes',
  'picklists',
  'picklist_items',
  'imports',
  'import_rows',
  'inventory_issues',
] as const;

type TableWithId = (typeof TABLES_WITH_IDS)[number];

/** One id sequence per table, plus the serial in tag numbers, which are unique across markets. */
export type IdSequences = Record<TableWithId | 'tagSerial', Sequence>;

export function createIdSequences(): IdSequences {
  const sequences = Object.fromEntries(TABLES_WITH_IDS.map((table) => [table, sequence()]));
  return { ...(sequences as Record<TableWithId, Sequence>), tagSerial: sequence(10_000) };
}

/** 'ORD-MN-000123' style references, numbered per market. */
export function referenceSequence(prefix: string, marketCode: string, width: number): () => string {
  const next = sequence();
  return () => `${prefix}-${marketCode}-${String(next()).padStart(width, '0')}`;
}
