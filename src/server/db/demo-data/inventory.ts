// Inventory: each market's warehouses, its batches with lab data, and the tags that carry their units.
// A batch is drafted first (what orders need to choose it) and completed once the orders that hold
// its stock are known, so that active units always cover what is reserved.
import type { BatchStatus, LabStatus, MarketCode, SeedToSaleSystem } from '../../../shared/enums';
import type { Terpene } from '../../../shared/format';
import { CATEGORY_PROFILES, type ProductSpec } from './catalogue';
import { DAY, calendarDay, shiftDay } from './dates';
import type { IdSequences } from './ids';
import type { DemoMarket } from './markets';
import { weightedPicker, type Random } from './random';
import type { BatchRow, BatchTagRow, LocationRow } from './tables';

const LOCATION_NAMES: Record<MarketCode, readonly string[]> = {
  MN: ['Minneapolis Distribution Center', 'St. Paul Vault', 'Rochester Cultivation', 'Duluth Warehouse'],
  NV: ['Las Vegas Distribution Center', 'Henderson Cultivation', 'Reno Warehouse'],
  IL: ['Chicago Distribution Center', 'Joliet Cultivation', 'Peoria Warehouse', 'Rockford Vault'],
  MD: ['Baltimore Distribution Center', 'Frederick Cultivation', 'Hagerstown Warehouse'],
  NJ: ['Newark Distribution Center', 'Trenton Cultivation', 'Camden Warehouse'],
  FL: ['Tampa Distribution Center', 'Orlando Cultivation', 'Miami Warehouse', 'Jacksonville Vault'],
};

export type LocationSpec = {
  row: LocationRow;
  /** The part of a tag number that names the facility; a serial completes it. */
  tagPrefix: string;
  system: SeedToSaleSystem;
};

export function buildLocations(random: Random, market: DemoMarket, ids: IdSequences): LocationSpec[] {
  return LOCATION_NAMES[market.code].map((displayName, index) => {
    const facility = `${String(index + 1).padStart(2, '0')}${random.int(1000, 9999)}`;
    const metrc = market.seedToSaleSystem === 'metrc';
    return {
      row: {
        id: ids.inventory_locations(),
        marketId: market.id,
        sourceSystem: market.seedToSaleSystem,
        s2sLocationId: metrc ? `${market.code}-LIC-${facility}` : `${random.int(100, 999)}${facility}`,
        s2sLocationName: `GREENVAULT ${market.code} - ${displayName.toUpperCase()}`,
        displayName,
        isActive: true,
      },
      // Metrc tags are 24 characters ('1A4' + facility + lot + serial); BioTrack ids are 16 digits.
      tagPrefix: metrc ? `1A40${facility.slice(0, 5)}002EE1` : `${random.int(100, 999)}${facility.slice(0, 4)}`,
      system: market.seedToSaleSystem,
    };
  });
}

export function tagNumber(location: LocationSpec, serial: number): string {
  const length = location.system === 'metrc' ? 24 : 16;
  return `${location.tagPrefix}${String(serial).padStart(length - location.tagPrefix.length, '0')}`;
}

/** What an order needs to know about a batch before the batch row itself is complete. */
export type BatchDraft = {
  id: number;
  product: ProductSpec;
  location: LocationSpec;
  caseSize: number;
  status: BatchStatus;
  labStatus: LabStatus;
  expiryDate: string;
  /** Open orders only take active, lab-passed, unexpired batches. */
  orderable: boolean;
};

const labStatusOf = weightedPicker<LabStatus>([
  ['passed', 88],
  ['failed', 5],
  ['missing', 7],
]);

function draftBatch(random: Random, id: number, product: ProductSpec, locations: readonly LocationSpec[], today: string): BatchDraft {
  // The first warehouse of a market is its main distribution centre and holds the most stock.
  const location = locations[Math.min(locations.length - 1, Math.floor(random.next() ** 1.6 * locations.length))]!;
  const caseSize = random.pick(product.caseSizes.slice(0, 3));
  const status: BatchStatus = random.chance(0.97) ? 'active' : 'inactive';
  const labStatus: LabStatus = product.category === 'accessory' ? 'passed' : labStatusOf(random);
  const shelfLife = CATEGORY_PROFILES[product.category].shelfLifeDays;
  const expired = random.chance(0.04);
  const expiryDate = expired ? shiftDay(today, -random.int(1, 90)) : shiftDay(today, random.int(Math.round(shelfLife[0] / 4), shelfLife[1]));
  return {
    id,
    product,
    location,
    caseSize,
    status,
    labStatus,
    expiryDate,
    orderable: status === 'active' && labStatus === 'passed' && !expired,
  };
}

/** Drafts `count` batches with consecutive ids; popular products end up with many batches, some with none. */
export function draftBatches(random: Random, count: number, products: readonly ProductSpec[], locations: readonly LocationSpec[], ids: IdSequences, today: string): BatchDraft[] {
  return Array.from({ length: count }, () => draftBatch(random, ids.batches(), random.pick(products), locations, today));
}

/** Units each batch's open orders hold, and the batches an order could not be fully served from. */
export type StockLedger = {
  reserve(batchId: number, units: number): void;
  markExhausted(batchId: number): void;
  reservedUnits(batchId: number): number;
  isExhausted(batchId: number): boolean;
};

/** Batch ids of one generation run are consecutive, so typed arrays keep 200,000 batches cheap. */
export function createStockLedger(firstBatchId: number, batchCount: number): StockLedger {
  const reserved = new Int32Array(batchCount);
  const exhausted = new Uint8Array(batchCount);
  return {
    reserve: (batchId, units) => {
      reserved[batchId - firstBatchId]! += units;
    },
    markExhausted: (batchId) => {
      exhausted[batchId - firstBatchId] = 1;
    },
    reservedUnits: (batchId) => reserved[batchId - firstBatchId]!,
    isExhausted: (batchId) => exhausted[batchId - firstBatchId] === 1,
  };
}

/**
 * Active units: what open orders reserve plus free stock. A batch an order could not be served from
 * (and a few others) keeps less than one free case, so that the screens show 0 cases available.
 */
function activeUnitsFor(random: Random, caseSize: number, reserved: number, exhausted: boolean): number {
  const looseUnits = random.chance(0.4) ? random.int(1, caseSize - 1) : 0;
  if (reserved > 0 && (exhausted || random.chance(0.04))) return reserved + random.int(0, caseSize - 1);
  const freeCases = reserved > 0 ? random.int(1, 40) : random.int(2, 80);
  return reserved + freeCases * caseSize + looseUnits;
}

const TERPENES = ['Myrcene', 'Limonene', 'Caryophyllene', 'Linalool', 'Pinene', 'Humulene', 'Terpinolene', 'Ocimene', 'Bisabolol', 'Nerolidol'];

function labValues(random: Random, draft: BatchDraft): Pick<BatchRow, 'thcValue' | 'thcUom' | 'cbdValue' | 'cbdUom' | 'totalCannabinoids' | 'terpenes'> {
  const potency = CATEGORY_PROFILES[draft.product.category].potency;
  if (draft.labStatus === 'missing') return { thcValue: null, thcUom: null, cbdValue: null, cbdUom: null, totalCannabinoids: null, terpenes: null };
  if (!potency) return { thcValue: 0, thcUom: 'Percentage', cbdValue: 0, cbdUom: 'Percentage', totalCannabinoids: 0, terpenes: null };
  const cbdDominant = draft.product.strainType === 'CBD';
  const [low, high] = potency.thc;
  const thcValue = cbdDominant ? random.decimal(low / 20, low / 4, 3) : random.decimal(low, high, 3);
  const cbdValue = cbdDominant ? random.decimal(low, high * 0.6, 3) : random.decimal(0, high / 40, 3);
  const minors = random.decimal(0.01, 0.06, 3) * (thcValue + cbdValue);
  const terpenes: Terpene[] = random
    .sample(TERPENES, random.int(3, 6))
    .map((terpeneName) => ({ terpeneName, percentage: random.decimal(0.05, 2.4, 2) }))
    .sort((a, b) => b.percentage - a.percentage);
  return {
    thcValue,
    thcUom: potency.unit,
    cbdValue,
    cbdUom: potency.unit,
    totalCannabinoids: Math.round((thcValue + cbdValue + minors) * 1000) / 1000,
    terpenes,
  };
}

/** Splits a batch's units over its tags, every tag holding at least one unit. */
function splitUnits(random: Random, total: number, parts: number): number[] {
  const count = Math.max(1, Math.min(parts, total));
  const weights = Array.from({ length: count }, () => 0.5 + random.next());
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const shares = weights.map((weight) => Math.max(1, Math.floor((total * weight) / weightSum)));
  const largest = shares.indexOf(Math.max(...shares));
  shares[largest]! += total - shares.reduce((sum, share) => sum + share, 0);
  return shares;
}

export type BatchCompletion = {
  ids: IdSequences;
  marketCode: MarketCode;
  /** The market's batch serial, 'MN-B24' + serial. */
  batchSerial: () => number;
  now: number;
};

/** Colours an ERP might give a batch for its menu row. */
const DEMO_ROW_COLORS = ['#FFD966', '#A9D08E', '#9BC2E6', '#F4B084', '#C9A0DC'] as const;

/**
 * About one batch in twelve carries a menu row colour, chosen from its id rather than drawn from `random`: a draw
 * here would shift every later draw and change the rest of the demo data.
 */
function demoRowColor(batchId: number): string | null {
  return batchId % 12 === 5 ? DEMO_ROW_COLORS[Math.floor(batchId / 12) % DEMO_ROW_COLORS.length]! : null;
}

export function completeBatch(random: Random, draft: BatchDraft, ledger: StockLedger, completion: BatchCompletion): { row: BatchRow; tags: BatchTagRow[] } {
  const { ids, now } = completion;
  const reservedUnits = ledger.reservedUnits(draft.id);
  const activeUnits = activeUnitsFor(random, draft.caseSize, reservedUnits, ledger.isExhausted(draft.id));
  const createdAt = now - random.int(5, 300) * DAY - random.int(0, DAY - 1);
  const updatedAt = Math.min(now, createdAt + random.int(0, 30) * DAY);
  const year = calendarDay(createdAt).slice(2, 4);
  const product = draft.product;
  const row: BatchRow = {
    id: draft.id,
    marketId: draft.location.row.marketId,
    batchNumber: `${completion.marketCode}-B${year}${String(completion.batchSerial()).padStart(5, '0')}`,
    productId: product.row.id,
    locationId: draft.location.row.id,
    s2sProductName: random.chance(0.85) ? product.s2sNames[0]! : random.pick(product.s2sNames),
    expiryDate: draft.expiryDate,
    caseSize: draft.caseSize,
    activeUnits,
    reservedUnits,
    status: draft.status,
    labStatus: draft.labStatus,
    ...labValues(random, draft),
    rowColor: demoRowColor(draft.id),
    createdAt: new Date(createdAt),
    updatedAt: new Date(updatedAt),
  };
  const tags = splitUnits(random, activeUnits, random.int(1, 4)).map((quantity) => ({
    id: ids.batch_tags(),
    batchId: draft.id,
    tagNumber: tagNumber(draft.location, ids.tagSerial()),
    quantity,
  }));
  return { row, tags };
}
