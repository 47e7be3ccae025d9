// The data the server owns (ARCHITECTURE section 4). Columns are camelCase here and snake_case in SQL.
// Every market-owned table carries market_id so that each query can be scoped by market.
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import type { Terpene } from '../../shared/format';
import { STOCK_HOLDING_ORDER_STATUSES, type ImportTab } from '../../shared/enums';

const id = () => integer().primaryKey().generatedByDefaultAsIdentity();

/**
 * `status in ('Pending', ...)`: the orders that hold stock, written as literals. It is the predicate of
 * orders_stock_holding_idx, and a query that repeats it (not bound values, which a generic plan cannot match to
 * the predicate) finds a batch's open orders from that small index instead of reading every order of the batch.
 */
export function orderHoldsStock(ordersAlias?: string): SQL {
  const statuses = STOCK_HOLDING_ORDER_STATUSES.map((status) => `'${status.replaceAll("'", "''")}'`).join(', ');
  return sql.raw(`${ordersAlias ? `${ordersAlias}.` : ''}status in (${statuses})`);
}
const createdAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow();
const money = () => numeric({ precision: 12, scale: 2, mode: 'number' });
const quantity = () => numeric({ precision: 12, scale: 3, mode: 'number' });

/** Two indexes on (market, column, id): ascending and descending, each with empty values last. */
function nullsLastIndexes(name: string, marketId: ExtraConfigColumn, column: ExtraConfigColumn, rowId: ExtraConfigColumn) {
  return [
    index(`${name}_asc_idx`).on(marketId, column.asc().nullsLast(), rowId.asc()),
    index(`${name}_desc_idx`).on(marketId, column.desc().nullsLast(), rowId.desc().nullsFirst()),
  ];
}

// ---- markets, users, permissions ---------------------------------------------------------------

export const markets = pgTable('markets', {
  id: id(),
  code: text().notNull().unique(),
  name: text().notNull(),
  seedToSaleSystem: text().notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The Entra object id (token claim `oid`); demo users have one too. */
    azureUserId: text().notNull().unique(),
    name: text().notNull(),
    email: text().notNull(),
    isDemo: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const userMarketRoles = pgTable(
  'user_market_roles',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    role: text().notNull(),
    /** Activation is per market: an account deactivated here still works in its other markets. */
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.marketId] }), index().on(t.marketId)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    role: text().notNull(),
    feature: text().notNull(),
    action: text().notNull(),
    allowed: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.role, t.feature, t.action] })],
);

/** Secrets the server makes for itself (the demo token key), shared by every instance through the database. */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

/**
 * Indexes a bulk load set aside (db/deferred-indexes.ts) and has not yet built again: a load stopped half way
 * leaves them here, and the next load builds them first.
 */
export const deferredIndexes = pgTable('deferred_indexes', {
  name: text().primaryKey(),
  definition: text().notNull(),
});

// ---- catalogue -----------------------------------------------------------------------------------

export const inventoryLocations = pgTable(
  'inventory_locations',
  {
    id: id(),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    sourceSystem: text().notNull(),
    s2sLocationId: text().notNull(),
    s2sLocationName: text().notNull(),
    displayName: text().notNull(),
    isActive: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex().on(t.marketId, t.s2sLocationId)],
);

export const categories = pgTable('categories', {
  id: id(),
  name: text().notNull().unique(),
});

export const subcategories = pgTable(
  'subcategories',
  {
    id: id(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    name: text().notNull(),
  },
  (t) => [uniqueIndex().on(t.categoryId, t.name)],
);

export const brands = pgTable('brands', {
  id: id(),
  name: text().notNull().unique(),
});

export const strains = pgTable('strains', {
  id: id(),
  name: text().notNull().unique(),
  strainType: text().notNull(),
  lineage: text(),
});

/** ERP products, per market. Price per unit: base and vendor; the lower is the default sale price. */
export const products = pgTable(
  'products',
  {
    id: id(),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    erpCode: text().notNull(),
    name: text().notNull(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    subcategoryId: integer().references(() => subcategories.id),
    brandId: integer().references(() => brands.id),
    strainId: integer().references(() => strains.id),
    itemSize: quantity(),
    itemSizeUom: text(),
    basePrice: money().notNull(),
    vendorPrice: money(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The product's row of the standard case sizes list (its names, taxonomy and five slots, as the API sends it)
     * and the lower-cased text that list's search matches, kept by triggers on the product, its names, its slots
     * and the taxonomy's names (migrations 0016, 0018): a page is its rows' texts joined, a search one trigram lookup.
     */
    caseSizeRow: text(),
    caseSizeSearch: text(),
    /** Its five slots' sizes (null where empty), kept by the same trigger: the list sorts and filters by a slot on it. */
    caseSizeSlots: integer().array(),
  },
  (t) => [
    uniqueIndex().on(t.marketId, t.erpCode),
    index().on(t.marketId, t.name),
    // The menu's product-rank version reads the newest change and the count of a market's products from it.
    index().on(t.marketId, t.updatedAt),
    // Contains-searches of product names (the menu listing, the case-size list), as the orders list has on its names.
    index('products_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('products_case_size_search_trgm_idx').using('gin', sql`${t.caseSizeSearch} gin_trgm_ops`),
  ],
);

/** Names the seed-to-sale system uses for a product: its S2S name and any aliases. */
export const productNames = pgTable(
  'product_names',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    nameType: text().notNull(),
  },
  (t) => [index().on(t.productId), index().on(t.name)],
);

/** Up to five standard case sizes per product (case index 1 to 5). */
export const productCaseSizes = pgTable(
  'product_case_sizes',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    caseIndex: integer().notNull(),
    caseSize: integer().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.caseIndex] }),
    check('case_index_range', sql`${t.caseIndex} between 1 and 5`),
    check('case_size_positive', sql`${t.caseSize} > 0`),
  ],
);

// ---- inventory -----------------------------------------------------------------------------------

/**
 * A batch in a location. Stock is counted in units; `reservedUnits` is what open orders hold, kept in
 * the same row so that checking and reserving is one conditional update (no oversell under concurrency).
 */
export const batches = pgTable(
  'batches',
  {
    id: id(),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    batchNumber: text().notNull(),
    productId: integer()
      .notNull()
      .references(() => products.id),
    locationId: integer()
      .notNull()
      .references(() => inventoryLocations.id),
    s2sProductName: text().notNull(),
    expiryDate: date({ mode: 'string' }),
    caseSize: integer().notNull(),
    activeUnits: integer().notNull(),
    reservedUnits: integer().notNull().default(0),
    status: text().notNull().default('active'),
    labStatus: text().notNull(),
    thcValue: quantity(),
    thcUom: text(),
    cbdValue: quantity(),
    cbdUom: text(),
    totalCannabinoids: quantity(),
    terpenes: jsonb().$type<Terpene[]>(),
    /** The three strongest terpenes as the menu shows them, kept by the database (migration 0028, menu_top_terpenes). */
    topTerpenes: jsonb().generatedAlwaysAs(sql`menu_top_terpenes(terpenes)`),
    rowColor: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex().on(t.marketId, t.batchNumber),
    // A product's batches (the menu's and the order inventory's walks), and its expired ones (a search's total takes
    // them out of the kept counts: db/batch-search-totals.ts).
    index().on(t.marketId, t.productId, t.expiryDate),
    // With the id, a location's batches in the order the order inventory sorted by location lists them (its ties by id).
    index().on(t.marketId, t.locationId, t.id),
    // A product's batches at one location: the menu sorted by location walks the ranks per location through it, and a
    // location with few batches costs a lookup per product instead of reading every batch of the market.
    index().on(t.marketId, t.locationId, t.productId),
    index().on(t.marketId, t.expiryDate),
    // The menu listing sorted by expiry (empty last either way) reads these from today's date on and stops after its page.
    index('batches_menu_expiry_asc_idx').on(t.marketId, sql`coalesce(${t.expiryDate}, 'infinity'::date)`),
    index('batches_menu_expiry_desc_idx').on(t.marketId, sql`coalesce(${t.expiryDate}, '-infinity'::date)`),
    // The menu search's contains-matches on batch numbers and S2S names (ILIKE reads a trigram index directly).
    index('batches_menu_search_trgm_idx').using('gin', sql`${t.batchNumber} gin_trgm_ops`, sql`${t.s2sProductName} gin_trgm_ops`),
    // The menu listing sorted by S2S name reads its page in order from here instead of sorting every sellable batch.
    index('batches_menu_s2s_name_idx').on(t.marketId, t.s2sProductName),
    check('reserved_not_negative', sql`${t.reservedUnits} >= 0`),
    check('case_size_positive', sql`${t.caseSize} > 0`),
  ],
);

/**
 * How many active, lab-passed batches each market holds per product, S2S name (lower-cased, BATCH_NAMES_TEXT) and
 * availability (2: a whole case free, 1: some units free but not a case, 0: none), kept by the writes (migration 0032)
 * as order_search_counts is for orders: change rows folded from time to time (db/kept-counts.ts). The menu's and the
 * order inventory's search totals are sums over the few thousand names of a market instead of reading every batch
 * of a common word's products (db/batch-search-totals.ts). Expiry is not kept (it would make a key per batch): the
 * expired batches a search matches are taken out of the sum by the (market, product, expiry) index.
 */
export const batchSearchCounts = pgTable(
  'batch_search_counts',
  { marketId: integer().notNull(), productId: integer().notNull(), names: text().notNull(), availability: integer().notNull(), n: integer().notNull() },
  (t) => [index().on(t.marketId, t.productId)],
);

/**
 * The free stock of each batch a list may show (active, lab-passed, of a product of its own market), kept by the
 * writes (migration 0035, statement triggers on batches and product_case_sizes) so that the lists sorted by it read a page in order from an
 * index instead of sorting every sellable batch: the order inventory by cases available took 120-160 ms alone on the
 * large data set, seconds at 32 connections. Not on batches itself: an index holding reserved_units would turn every
 * reservation into an update of all ten of batches' indexes (no HOT update) instead of its heap row. Each index
 * carries what a walk tests and orders ties by (expiry, product, batch number) after the batch id (unique, so they do
 * not change its order; drizzle-kit writes no INCLUDE), so that a walk reads no heap row.
 */
export const batchFreeStock = pgTable(
  'batch_free_stock',
  {
    batchId: integer().primaryKey(),
    marketId: integer().notNull(),
    productId: integer().notNull(),
    batchNumber: text().notNull(),
    expiryDate: date({ mode: 'string' }),
    caseSize: integer().notNull(),
    /** active_units - reserved_units. */
    freeUnits: integer().notNull(),
    /** Whole cases free: free_units / case_size, rounded down, none when stock is short. */
    freeCases: integer().notNull(),
    /** The product's first standard case size, else the batch's (the external menu's Standard Case Size). */
    standardCaseSize: integer().notNull(),
  },
  (t) => [
    // Cases available (the order inventory, ties by batch id; the internal menu), in either direction.
    index('batch_free_stock_cases_idx').on(t.marketId, t.freeCases, t.batchId, t.expiryDate, t.productId, t.freeUnits, t.batchNumber),
    // The external menu's total available quantity.
    index('batch_free_stock_units_idx').on(t.marketId, t.freeUnits, t.batchId, t.expiryDate, t.productId, t.batchNumber),
    // The internal menu's case size, and the external menu's standard case size.
    index('batch_free_stock_case_size_idx').on(t.marketId, t.caseSize, t.batchId, t.expiryDate, t.productId, t.freeUnits, t.batchNumber),
    index('batch_free_stock_standard_idx').on(t.marketId, t.standardCaseSize, t.batchId, t.expiryDate, t.productId, t.freeUnits, t.batchNumber),
    // A product's rows: the triggers of its case sizes and of its market change them.
    index().on(t.productId),
    // The expired rows a deep page walked by product subtracts from the kept batch counts (walkStart).
    index('batch_free_stock_expired_idx').on(t.marketId, t.expiryDate, t.productId, t.freeUnits, t.freeCases).where(sql`expiry_date is not null`),
  ],
);

/** The S2S name as batch_search_counts keeps it (migration 0032 writes the same). */
export const BATCH_NAMES_TEXT = sql`lower(s2s_product_name)`;

export const batchTags = pgTable(
  'batch_tags',
  {
    id: id(),
    batchId: integer()
      .notNull()
      .references(() => batches.id, { onDelete: 'cascade' }),
    tagNumber: text().notNull(),
    quantity: integer().notNull(),
  },
  (t) => [index().on(t.batchId), uniqueIndex().on(t.tagNumber)],
);

export const imports = pgTable(
  'imports',
  {
    id: id(),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    referenceId: text().notNull().unique(),
    mode: text().notNull().default('api'),
    status: text().notNull(),
    comments: text(),
    recordCount: integer().notNull().default(0),
    /** Packages fetched so far while the import runs: the progress its screen shows. */
    recordsFetched: integer().notNull().default(0),
    /** Detail rows per tab, kept with the rows (fetch, commit, re-check) so that no page of them counts them all again. */
    tabCounts: jsonb().$type<Partial<Record<ImportTab, number>>>().notNull().default({}),
    locationIds: integer().array().notNull(),
    createdBy: uuid().references(() => users.id),
    updatedBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.marketId, t.createdAt)],
);

/** What the search box of an import's tab matches: batch, product, S2S name and location, lower-cased. */
const IMPORT_ROW_SEARCH_TEXT = sql.raw(
  `lower(batch_number || ' ' || coalesce(product_name, '') || ' ' || coalesce(s2s_product_name, '') || ' ' || coalesce(location_name, ''))`,
);

/** Detail rows of an import, one per batch and tab (Inventory Updates, Item Issues, ...). */
export const importRows = pgTable(
  'import_rows',
  {
    id: id(),
    importId: integer()
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    tab: text().notNull(),
    batchNumber: text().notNull(),
    productName: text(),
    s2sProductName: text(),
    locationName: text(),
    categoryName: text(),
    reasonCode: text(),
    totalQuantity: integer(),
    caseSize: integer(),
    payload: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    /**
     * The row as the details list sends it, kept by a trigger on every insert and update (migration 0013,
     * import_row_detail_json): a page is its rows' texts joined, with nothing built per request.
     */
    detailJson: text(),
    /**
     * IMPORT_ROW_SEARCH_TEXT, stored: a search rechecks each row the trigram index offers, and computing the
     * expression per row cost three times reading it (1.25 ms against 0.32 ms to match 1,700 rows).
     */
    searchText: text().generatedAlwaysAs(IMPORT_ROW_SEARCH_TEXT),
  },
  // A tab's page in id order and its count are read from the index alone; the tags popup finds a batch's rows.
  // A search is a contains-match on one stored text (pg_trgm, migration 0001), as the order list's is.
  // Sorted by product or S2S name (what reviewers sort a tab by), a page is read in index order and stops at its
  // LIMIT, one index per direction since descending keeps empty names last (a tab can hold 20,000 rows).
  (t) => [
    index().on(t.importId, t.tab, t.id),
    index().on(t.importId, t.batchNumber),
    index('import_rows_product_asc_idx').on(t.importId, t.tab, t.productName.asc().nullsLast(), t.id),
    index('import_rows_product_desc_idx').on(t.importId, t.tab, t.productName.desc().nullsLast(), t.id),
    index('import_rows_s2s_product_asc_idx').on(t.importId, t.tab, t.s2sProductName.asc().nullsLast(), t.id),
    index('import_rows_s2s_product_desc_idx').on(t.importId, t.tab, t.s2sProductName.desc().nullsLast(), t.id),
    // The import and the tab lead the trigram index (btree_gin, migration 0017), so that a search reads only its own
    // tab's matches however many imports the table holds.
    index('import_rows_search_trgm_idx').using('gin', t.importId, t.tab, sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Open problems with inventory (from the latest committed import), counted in the sidebar badge. */
export const inventoryIssues = pgTable(
  'inventory_issues',
  {
    id: id(),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    batchId: integer().references(() => batches.id, { onDelete: 'cascade' }),
    batchNumber: text().notNull(),
    productName: text().notNull(),
    tab: text().notNull(),
    reasonCode: text().notNull(),
    /** The committed import that found it: its detail row gives the list its display fields. */
    importId: integer().references(() => imports.id, { onDelete: 'set null' }),
    isResolved: boolean().notNull().default(false),
    createdAt: createdAt(),
    resolvedAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  // The list reads a tab's open issues newest first straight from the second index.
  (t) => [
    index().on(t.marketId, t.isResolved, t.tab),
    index('inventory_issues_open_list_idx').on(t.marketId, t.tab, t.createdAt.desc(), t.id.desc()).where(sql`not ${t.isResolved}`),
  ],
);

export const issueRefreshRuns = pgTable(
  'issue_refresh_runs',
  {
    id: id(),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    tab: text().notNull(),
    status: text().notNull(),
    comments: text(),
    noOfFixedItems: integer().notNull().default(0),
    /** The records asked for (productName, batchId), which the job re-checks. */
    items: jsonb().$type<{ productName?: string | null; batchId: string }[]>().notNull().default([]),
    noOfItems: integer().notNull().default(0),
    isDeleted: boolean().notNull().default(false),
    createdBy: uuid().references(() => users.id),
    updatedBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One refresh of a market at a time: a second start conflicts here, even when two requests race.
  (t) => [
    index().on(t.marketId, t.createdAt),
    uniqueIndex('issue_refresh_runs_one_in_progress_idx').on(t.marketId).where(sql`${t.status} = 'IN-PROGRESS' and not ${t.isDeleted}`),
  ],
);

export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: id(),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    referenceId: text().notNull().unique(),
    status: text().notNull(),
    fileName: text(),
    filePath: text(),
    locationIds: integer().array().notNull(),
    /** Why the run FAILED. */
    comments: text(),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Its rows per tab, written with the rows: every request that reads the run (each details page) counted them
     * (55,000 rows in a large market: most of a page's cost).
     */
    tabCounts: jsonb().$type<Record<string, number>>(),
  },
  // One running reconciliation per market: a second start conflicts here, even when two requests race.
  (t) => [
    index().on(t.marketId, t.createdAt),
    uniqueIndex('reconciliation_runs_one_active_idx').on(t.marketId).where(sql`${t.status} in ('DRAFT', 'IN-PROGRESS')`),
  ],
);

export const reconciliationRows = pgTable(
  'reconciliation_rows',
  {
    id: id(),
    runId: integer()
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    tab: text().notNull(),
    batchId: integer().references(() => batches.id),
    batchNumber: text().notNull(),
    s2sProductName: text(),
    status: text().notNull(),
    otcActiveQuantity: integer().notNull(),
    s2sActiveQuantity: integer().notNull(),
    inTransitQuantity: integer().notNull().default(0),
    reasonCode: text(),
    comments: text(),
    resolvedBy: uuid().references(() => users.id),
    resolvedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /**
     * What the details list's search matches, lower-cased and kept (generated): the batch number and the S2S product
     * name, a unit separator between them so that a search never matches across the two. A trigram index finds a
     * search's rows where each search read every row of the tab (40,000 in a large market: 14 to 33 ms).
     */
    searchText: text().generatedAlwaysAs(sql`lower(batch_number || chr(31) || coalesce(s2s_product_name, ''))`),
  },
  // A tab's page is read in its order off an index (the tab is fixed, so its place in the order is free): by
  // batch number, or by S2S product name either way. Sorting a 40,000-row tab for each page took ~10 ms.
  (t) => [
    index('reconciliation_rows_page_idx').on(t.runId, t.tab, t.batchNumber, t.id),
    index('reconciliation_rows_product_asc_idx').on(t.runId, t.tab, t.s2sProductName.asc().nullsLast(), t.batchNumber, t.id),
    index('reconciliation_rows_product_desc_idx').on(t.runId, t.tab, t.s2sProductName.desc().nullsLast(), t.batchNumber, t.id),
    // The run and the tab lead the trigram index (btree_gin, migration 0017): a search reads its own tab's matches only.
    index('reconciliation_rows_search_trgm_idx').using('gin', t.runId, t.tab, sql`${t.searchText} gin_trgm_ops`),
  ],
);

// ---- customers and people -----------------------------------------------------------------------

export const salesPersons = pgTable(
  'sales_persons',
  {
    id: id(),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    name: text().notNull(),
    email: text(),
    userId: uuid().references(() => users.id),
  },
  (t) => [index().on(t.marketId)],
);

export const msoOwners = pgTable(
  'mso_owners',
  {
    id: id(),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    name: text().notNull(),
  },
  (t) => [index().on(t.marketId)],
);

/** Buyers (dispensaries). INT customers are the business's own stores, EXT are other companies'. */
export const customers = pgTable(
  'customers',
  {
    id: id(),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    name: text().notNull(),
    customerGroup: text().notNull(),
    msoOwnerId: integer().references(() => msoOwners.id),
    salesPersonId: integer().references(() => salesPersons.id),
    licenseNumber: text(),
    isActive: boolean().notNull().default(true),
  },
  (t) => [index().on(t.marketId, t.name)],
);

// ---- orders and picklists ------------------------------------------------------------------------

/** What the orders list's search looks in, lower-cased: reference, customer, MSO owner and sales person. */
export const ORDER_SEARCH_TEXT = sql.raw(
  `lower(reference_id || ' ' || customer_name || ' ' || coalesce(mso_owner_name, '') || ' ' || coalesce(sales_person_name, ''))`,
);

/** The register's search text without its names: the picklist's reference and its order's, as search_text holds them. */
export const PICKLIST_REFERENCES_TEXT = sql.raw(`lower(reference_id || chr(31) || order_reference)`);
/** The register's search text without its references, by the function the trigger keeping picklist_search_counts uses. */
export const PICKLIST_NAMES_TEXT = sql.raw(`picklist_names_text(customer_name, location_name)`);
/** A picklist whose reference or order reference holds a character other than letters, digits and '-'. */
export const PICKLIST_ODD_REFERENCES = sql.raw(`(reference_id || order_reference) !~ '^[A-Za-z0-9-]*$'`);

/** A reference not as this system makes them: not only letters, digits and '-', or not ending in a digit (orders_odd_reference_idx). */
export const ODD_REFERENCE = sql.raw(`reference_id !~ '^[A-Za-z0-9-]*[0-9]$'`);

/**
 * The names part of ORDER_SEARCH_TEXT (all of it after the reference and its space), by the function that the
 * trigger keeping order_search_counts uses (migration 0029), so the two cannot differ.
 */
export const ORDER_NAMES_TEXT = sql.raw(`order_names_text(customer_name, mso_owner_name, sales_person_name)`);

/**
 * An order. The names the order list shows, sorts and searches by (customer, MSO owner, sales person,
 * creator, warehouses) are copied onto the row and kept in step by every write, so that a page of a
 * market's 100,000+ orders is one indexed read of this table; free-text matches use trigram indexes.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    referenceId: text().notNull().unique(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    salesPersonId: integer().references(() => salesPersons.id),
    status: text().notNull(),
    requestedDeliveryDate: date({ mode: 'string' }),
    confirmedDeliveryDate: date({ mode: 'string' }),
    approvedAt: timestamp({ withTimezone: true, mode: 'date' }),
    comment: text(),
    totalCases: integer().notNull().default(0),
    totalPrice: money().notNull().default(0),
    version: integer().notNull().default(1),
    createdBy: uuid().references(() => users.id),
    updatedBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    customerName: text().notNull(),
    msoOwnerName: text(),
    salesPersonName: text(),
    createdUserName: text(),
    /** The warehouses of the order's batches, by name, comma separated. */
    inventoryLocationName: text(),
    /** The comment of the latest status change. */
    statusComment: text(),
  },
  (t) => [
    index('orders_market_created_idx').on(t.marketId, t.createdAt, t.id),
    // Open orders only: a batch's open orders are found from here (orderHoldsStock()), most of its orders being closed.
    index('orders_stock_holding_idx').on(t.id).where(orderHoldsStock()),
    // Serves the status filter with the default newest-first order, and the sort by status (newest first within one).
    index('orders_market_status_idx').on(t.marketId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_market_customer_id_idx').on(t.marketId, t.customerId),
    index('orders_market_customer_name_idx').on(t.marketId, t.customerName, t.id),
    index('orders_market_reference_idx').on(t.marketId, t.referenceId),
    index('orders_market_total_cases_idx').on(t.marketId, t.totalCases, t.id),
    index('orders_market_total_price_idx').on(t.marketId, t.totalPrice, t.id),
    // Nullable sort columns put empty values last in both directions, which takes one index per direction.
    ...nullsLastIndexes('orders_market_created_user', t.marketId, t.createdUserName, t.id),
    ...nullsLastIndexes('orders_market_approved', t.marketId, t.approvedAt, t.id),
    ...nullsLastIndexes('orders_market_requested', t.marketId, t.requestedDeliveryDate, t.id),
    ...nullsLastIndexes('orders_market_confirmed', t.marketId, t.confirmedDeliveryDate, t.id),
    // Contains-matches: pg_trgm (migration 0001). The search reads one lower-cased expression of the four
    // searched names (orders.repository.ts writes the same expression); the text filters read their column.
    index('orders_search_trgm_idx').using('gin', sql`${ORDER_SEARCH_TEXT} gin_trgm_ops`),
    // The orders whose reference is not as this system makes them (db/search-totals.ts): a search's total reads them
    // on their whole text, and the other references only as far as the search could be in them.
    index('orders_odd_reference_idx').on(t.marketId).where(ODD_REFERENCE),
    // lower(column) LIKE lower(pattern) costs a fifth of what ILIKE does per row where a plan walks rows.
    index('orders_reference_trgm_idx').using('gin', sql`lower(${t.referenceId}) gin_trgm_ops`),
    index('orders_customer_name_trgm_idx').using('gin', sql`lower(${t.customerName}) gin_trgm_ops`),
    index('orders_mso_owner_name_trgm_idx').using('gin', sql`lower(${t.msoOwnerName}) gin_trgm_ops`),
    index('orders_sales_person_name_trgm_idx').using('gin', sql`lower(${t.salesPersonName}) gin_trgm_ops`),
    index('orders_created_user_name_trgm_idx').using('gin', sql`lower(${t.createdUserName}) gin_trgm_ops`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    batchId: integer()
      .notNull()
      .references(() => batches.id),
    productId: integer()
      .notNull()
      .references(() => products.id),
    caseSize: integer().notNull(),
    noOfCases: integer().notNull(),
    /** Cases beyond what the batch had when ordered; non-zero makes the order Action Required. */
    shortCases: integer().notNull().default(0),
    unitBasePrice: money().notNull(),
    unitSalePrice: money().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.orderId),
    // A batch's order lines with what the reconciliation shows of them (order, line, case size, cases): read from
    // the index alone, without visiting each line's row.
    index('order_items_batch_lines_idx').on(t.batchId, t.orderId, t.id, t.caseSize, t.noOfCases),
    check('cases_positive', sql`${t.noOfCases} > 0`),
  ],
);

export const orderNotes = pgTable(
  'order_notes',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    note: text().notNull(),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.orderId, t.createdAt)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    comment: text(),
    changedBy: uuid().references(() => users.id),
    changedAt: createdAt(),
  },
  (t) => [index().on(t.orderId, t.changedAt)],
);

/**
 * How many orders each market holds in each status, kept by the writes (triggers of migration 0024): each
 * statement that adds, removes or moves orders between statuses adds a row of the change, and the rows are
 * folded into one per status from time to time (lib/kept-counts.ts). The order list's unsearched totals are
 * their sum, so a page never counts the market's 100,000 orders. Change rows, not one counter per status: a
 * counter row would be locked by every order written in the market until its transaction ends, queuing every
 * order create of the market behind the others (and deadlocking two that move orders the opposite way).
 */
export const orderStatusCounts = pgTable('order_status_counts', { marketId: integer().notNull(), status: text().notNull(), n: integer().notNull() }, (t) => [
  index().on(t.marketId, t.status),
]);

/**
 * How many orders each market holds per status and names (ORDER_NAMES_TEXT: customer, MSO owner, sales person),
 * kept by the writes as order_status_counts is (migration 0029). A market's orders carry a few dozen such names
 * among 100,000+ orders, so a search's count is the sum over the names it matches (a few hundred rows) plus the
 * orders whose reference alone matches, instead of reading every order whose text holds a common piece of a name.
 */
export const orderSearchCounts = pgTable(
  'order_search_counts',
  { marketId: integer().notNull(), status: text().notNull(), names: text().notNull(), n: integer().notNull() },
  (t) => [index().on(t.marketId, t.status)],
);

/** Reasons a picker gives for a short pick (the spec's order metadata). */
export const pickReasons = pgTable('pick_reasons', {
  id: id(),
  code: text().notNull().unique(),
  label: text().notNull(),
});

export const picklists = pgTable(
  'picklists',
  {
    id: id(),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    referenceId: text().notNull().unique(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    locationId: integer()
      .notNull()
      .references(() => inventoryLocations.id),
    status: text().notNull(),
    /** Bumped by every edit; sent as the ETag and checked against If-Match. */
    version: integer().notNull().default(1),
    createdBy: uuid().references(() => users.id),
    updatedBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The register's sort keys that live elsewhere (its order's reference, dispensary and delivery date, its warehouse's
    // name, its items' totals), kept here by triggers (migration 0025) so that each sort reads one index of picklists
    // instead of joining and sorting every picklist of the market. The page shows the values from their own tables.
    orderReference: text().notNull().default(''),
    customerName: text().notNull().default(''),
    locationName: text().notNull().default(''),
    requestedDeliveryDate: date({ mode: 'string' }),
    totalCases: integer().notNull().default(0),
    percentageCompletion: integer().notNull().default(0),
    /**
     * What the register's search matches, lower-cased and kept (generated): the picklist's reference, its order's, its
     * dispensary's and warehouse's names, a unit separator between them so that a search never matches across two. One
     * trigram index finds a search's picklists, where the search read four tables and joined each to picklists.
     */
    searchText: text().generatedAlwaysAs(sql`lower(reference_id || chr(31) || order_reference || chr(31) || customer_name || chr(31) || location_name)`),
  },
  (t) => [
    // Counts per market and status: with few statuses, deduplication keeps this index small to count over.
    index().on(t.marketId, t.status),
    index().on(t.orderId),
    // The register pages its ids on one index per sort column of its own (newest first by default). Ties go
    // to the newest id in both directions: scanned backwards, each index serves the ascending sort up to
    // ties of equal value, which an incremental sort orders (picklists.repository.ts, listPicklists).
    index('picklists_market_created_idx').on(t.marketId, t.createdAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('picklists_market_updated_idx').on(t.marketId, t.updatedAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('picklists_market_status_idx').on(t.marketId, t.status.desc().nullsLast(), t.id.desc().nullsFirst()),
    // A status tab, newest first: the rarer statuses (1,500 In Progress among 220,000) are not filtered out of the whole list.
    index('picklists_market_status_created_idx').on(t.marketId, t.status, t.createdAt.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('picklists_market_reference_idx').on(t.marketId, t.referenceId.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('picklists_market_order_reference_idx').on(t.marketId, t.orderReference.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('picklists_market_customer_idx').on(t.marketId, t.customerName.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('picklists_market_location_idx').on(t.marketId, t.locationName.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('picklists_market_total_cases_idx').on(t.marketId, t.totalCases.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('picklists_market_completion_idx').on(t.marketId, t.percentageCompletion.desc().nullsLast(), t.id.desc().nullsFirst()),
    // Keys with few values (a market's few warehouses and statuses, small totals) tie on thousands of picklists, and ties
    // go to the newest id both ways: read backwards, the index above lists a tie oldest first, to be sorted again whole.
    // These serve the ascending sorts as they are.
    index('picklists_market_location_asc_idx').on(t.marketId, t.locationName.asc(), t.id.desc().nullsFirst()),
    index('picklists_market_status_asc_idx').on(t.marketId, t.status.asc(), t.id.desc().nullsFirst()),
    index('picklists_market_total_cases_asc_idx').on(t.marketId, t.totalCases.asc(), t.id.desc().nullsFirst()),
    index('picklists_market_completion_asc_idx').on(t.marketId, t.percentageCompletion.asc(), t.id.desc().nullsFirst()),
    // The delivery date may be empty, and empty dates sort last both ways: an index per direction.
    index('picklists_market_delivery_desc_idx').on(t.marketId, t.requestedDeliveryDate.desc().nullsLast(), t.id.desc().nullsFirst()),
    index('picklists_market_delivery_asc_idx').on(t.marketId, t.requestedDeliveryDate.asc().nullsLast(), t.id.desc().nullsFirst()),
    // The register's search: a contains-match on the search text, the market leading (btree_gin, migration 0017).
    index('picklists_search_trgm_idx').using('gin', t.marketId, sql`${t.searchText} gin_trgm_ops`),
    // A search's total counts the picklists whose references alone hold it (db/search-totals.ts, migration 0030).
    index('picklists_references_trgm_idx').using('gin', t.marketId, sql`${PICKLIST_REFERENCES_TEXT} gin_trgm_ops`),
    index('picklists_odd_references_idx').on(t.marketId).where(PICKLIST_ODD_REFERENCES),
  ],
);

/**
 * How many picklists each market holds per status and names (PICKLIST_NAMES_TEXT: dispensary and warehouse), kept by
 * the writes as order_search_counts is for orders (migration 0030): a register search's total.
 */
export const picklistSearchCounts = pgTable(
  'picklist_search_counts',
  { marketId: integer().notNull(), status: text().notNull(), names: text().notNull(), n: integer().notNull() },
  (t) => [index().on(t.marketId, t.status)],
);

/** How many picklists each market holds in each status, kept as orderStatusCounts are (the register's totals). */
export const picklistStatusCounts = pgTable('picklist_status_counts', { marketId: integer().notNull(), status: text().notNull(), n: integer().notNull() }, (t) => [
  index().on(t.marketId, t.status),
]);

/**
 * How many orders each market holds per status and week of creation (the UTC week `created_at` falls in), kept by the
 * writes as orderStatusCounts are (migration 0036). A deep page of the order list sorted by creation is read from the
 * week its first row falls in, found by summing these, instead of skipping every order before it (issue 16 item 2).
 */
export const orderWeekCounts = pgTable(
  'order_week_counts',
  { marketId: integer().notNull(), status: text().notNull(), week: timestamp({ withTimezone: true, mode: 'date' }).notNull(), n: integer().notNull() },
  (t) => [index().on(t.marketId, t.status)],
);

/** The same for picklists: the register's deep pages sorted by creation (migration 0036). */
export const picklistWeekCounts = pgTable(
  'picklist_week_counts',
  { marketId: integer().notNull(), status: text().notNull(), week: timestamp({ withTimezone: true, mode: 'date' }).notNull(), n: integer().notNull() },
  (t) => [index().on(t.marketId, t.status)],
);

export const picklistItems = pgTable(
  'picklist_items',
  {
    id: id(),
    picklistId: integer()
      .notNull()
      .references(() => picklists.id, { onDelete: 'cascade' }),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    noOfCaseOrdered: integer().notNull(),
    noOfCasePicked: integer(),
    pickStatus: text(),
    reasonId: integer().references(() => pickReasons.id),
    /** Picklist version at this item's last change, so a stale edit of an untouched item can still apply. */
    changedInVersion: integer().notNull().default(1),
    updatedBy: uuid().references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.picklistId), index().on(t.orderItemId), check('picked_not_negative', sql`${t.noOfCasePicked} >= 0`)],
);

/** Answers already given for an Idempotency-Key, so a replay applies nothing twice. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id),
    key: text().notNull(),
    route: text().notNull(),
    requestHash: text().notNull(),
    statusCode: integer().notNull(),
    responseBody: jsonb().notNull(),
    responseHeaders: jsonb().$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index().on(t.createdAt)],
);

// ---- menus, files, uploads ------------------------------------------------------------------------

export const menuSettings = pgTable(
  'menu_settings',
  {
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    settings: jsonb().$type<Record<string, unknown>>().notNull(),
    updatedBy: uuid().references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.categoryId] })],
);

/**
 * Each product's place in its market's menu (the menu settings applied to the products), kept so that a listing
 * request reads it instead of ranking every product. Written by the menus module when settings are saved, and
 * again when the version below no longer matches the products and settings it was computed from.
 */
export const menuProductRanks = pgTable(
  'menu_product_ranks',
  {
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    rank: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.marketId, t.productId] }), index().on(t.marketId, t.rank, t.productId)],
);

/** What a market's ranks were computed from: its products' and menu settings' count and latest change. */
export const menuRankVersions = pgTable('menu_rank_versions', {
  marketId: integer()
    .primaryKey()
    .references(() => markets.id),
  version: text().notNull(),
  rankedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const exportFiles = pgTable(
  'export_files',
  {
    id: id(),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    kind: text().notNull(),
    fileName: text().notNull(),
    storageKey: text().notNull(),
    /** The signed download link's token (export-storage.ts): whoever has it may fetch the file until it expires. */
    token: text().notNull().unique(),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    /** The background job that wrote it (menu exports), which the request waiting on the job reads the links of. */
    jobId: bigint({ mode: 'number' }),
  },
  (t) => [index().on(t.marketId, t.createdAt), index().on(t.jobId)],
);

export const uploadBatches = pgTable(
  'upload_batches',
  {
    id: id(),
    marketId: integer()
      .notNull()
      .references(() => markets.id),
    referenceId: text().notNull().unique(),
    menuType: text().notNull(),
    fileName: text().notNull(),
    status: text().notNull(),
    createdBy: uuid().references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.marketId, t.createdAt)],
);

export const uploadCustomers = pgTable(
  'upload_customers',
  {
    id: id(),
    uploadBatchId: integer()
      .notNull()
      .references(() => uploadBatches.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    position: integer().notNull(),
    status: text().notNull(),
    deliveryDate: date({ mode: 'string' }),
    orderId: integer().references(() => orders.id),
    lines: jsonb().$type<Record<string, unknown>[]>().notNull(),
    error: text(),
  },
  (t) => [index().on(t.uploadBatchId)],
);

// ---- jobs and audit ------------------------------------------------------------------------------

/** Background work any instance can claim with FOR UPDATE SKIP LOCKED; a lapsed lock is claimed again. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text().notNull(),
    marketId: integer().references(() => markets.id),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    status: text().notNull().default('queued'),
    runAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true, mode: 'date' }),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(3),
    lastError: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.status, t.runAt)],
);

/** Every state change: who, when, what it was before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    marketId: integer().references(() => markets.id),
    actorUserId: uuid().references(() => users.id),
    entityType: text().notNull(),
    entityId: text().notNull(),
    action: text().notNull(),
    before: jsonb(),
    after: jsonb(),
    requestId: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.entityType, t.entityId), index().on(t.marketId, t.createdAt)],
);
