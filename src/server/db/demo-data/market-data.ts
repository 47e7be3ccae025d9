// One market's demo data, generated in dependency order: warehouses and products, batch drafts, people,
// orders (whose open lines decide each batch's reserved units), completed batches, then imports.
import { ORDER_STATUSES, type MarketCode, type OrderStatus } from '../../../shared/enums';
import { buildProducts, type ProductFactory, type ProductSpec, type Taxonomy } from './catalogue';
import { buildPeople, type MarketPeople, type PeopleSize } from './customers';
import { buildImports, type CompletedBatch, type ImportData } from './imports';
import { referenceSequence, sequence, type IdSequences } from './ids';
import { buildLocations, completeBatch, createStockLedger, draftBatches, type BatchCompletion, type LocationSpec } from './inventory';
import { DEMO_USERS } from './demo-users';
import { castOf } from './market-cast';
import type { DemoMarket } from './markets';
import {
  addOrder,
  buildOrder,
  chooseLines,
  createBatchPool,
  createOrderTables,
  planOrders,
  reserveStock,
  type OrderScene,
  type OrderTables,
} from './orders';
import { createRandom, seedOf } from './random';

export type MarketSize = PeopleSize & {
  products: number;
  batches: number;
  orders: number;
  imports: number;
  openIssues: number;
  updatesPerImport: readonly [number, number];
};

/** MN is the showcase market; the others are about a third of its size. */
export const DEMO_MARKET_SIZES: Record<MarketCode, MarketSize> = {
  MN: { products: 300, batches: 1_500, orders: 300, salesPersons: 7, msoOwners: 9, customers: 60, imports: 8, openIssues: 130, updatesPerImport: [60, 150] },
  NV: { products: 100, batches: 500, orders: 100, salesPersons: 5, msoOwners: 6, customers: 36, imports: 5, openIssues: 18, updatesPerImport: [20, 60] },
  IL: { products: 110, batches: 520, orders: 110, salesPersons: 8, msoOwners: 10, customers: 44, imports: 6, openIssues: 27, updatesPerImport: [20, 60] },
  MD: { products: 90, batches: 460, orders: 95, salesPersons: 6, msoOwners: 5, customers: 32, imports: 5, openIssues: 12, updatesPerImport: [20, 60] },
  NJ: { products: 100, batches: 500, orders: 105, salesPersons: 6, msoOwners: 7, customers: 38, imports: 6, openIssues: 33, updatesPerImport: [20, 60] },
  FL: { products: 100, batches: 480, orders: 100, salesPersons: 6, msoOwners: 8, customers: 34, imports: 7, openIssues: 22, updatesPerImport: [20, 60] },
};

const DEMO_HORIZON_DAYS = 120;

const DEMO_STATUS_WEIGHTS: Record<OrderStatus, number> = {
  Pending: 12,
  Revised: 5,
  Approved: 9,
  Cancelled: 8,
  Rejected: 4,
  'Partially Picked': 5,
  Picked: 5,
  Packaged: 5,
  Shipped: 5,
  Delivered: 8,
  Completed: 28,
  'Action Required': 6,
};

/** Every status once, and two orders cancelled after approval so that cancelled picklists exist. */
const REQUIRED_ORDERS = [
  ...ORDER_STATUSES.map((status) => ({ status })),
  ...Array.from({ length: 2 }, () => ({ status: 'Cancelled' as const, path: ['Pending', 'Approved', 'Cancelled'] as const })),
];

export type SharedData = { taxonomy: Taxonomy; pickReasonIds: number[]; ids: IdSequences; now: number; today: string };

/** What the large data set needs to keep adding to a market where the demo set stopped. */
type MarketContext = {
  market: DemoMarket;
  locations: LocationSpec[];
  products: ProductSpec[];
  productFactory: ProductFactory;
  completion: BatchCompletion;
  scene: OrderScene;
};

type MarketRows = MarketPeople &
  OrderTables &
  ImportData & {
    locations: LocationSpec[];
    products: ProductSpec[];
    batches: CompletedBatch[];
  };

export type MarketData = { rows: MarketRows; context: MarketContext };

export const orderRandom = (label: string, index: number) => createRandom(seedOf(label, 'order', index));

export function buildMarketData(market: DemoMarket, shared: SharedData, size: MarketSize): MarketData {
  const { ids, now, today } = shared;
  const stream = (purpose: string) => createRandom(seedOf('demo', market.code, purpose));

  const locations = buildLocations(stream('locations'), market, ids);
  const productFactory: ProductFactory = { taxonomy: shared.taxonomy, ids, erpNumber: sequence(10_001), marketId: market.id, now };
  const products = buildProducts(stream('catalogue'), productFactory, size.products);
  const inventoryRandom = stream('inventory');
  const drafts = draftBatches(inventoryRandom, size.batches, products, locations, ids, today);
  const people = buildPeople(stream('people'), market, ids, size);
  const cast = castOf(market.code);

  const scene: OrderScene = {
    marketId: market.id,
    now,
    today,
    ids,
    orderReference: referenceSequence('ORD', market.code, 6),
    picklistReference: referenceSequence('PL', market.code, 6),
    customers: people.customers.filter((customer) => customer.isActive),
    userOfSalesPerson: new Map(people.salesPersons.flatMap((person) => (person.userId ? [[person.id, person.userId] as const] : []))),
    msoOwnerNames: new Map(people.msoOwners.map((owner) => [owner.id, owner.name])),
    salesPersonNames: new Map(people.salesPersons.map((person) => [person.id, person.name])),
    userNames: new Map(Object.values(DEMO_USERS).map((user) => [user.id, user.name])),
    cast,
    pickReasonIds: shared.pickReasonIds,
  };

  const ledger = createStockLedger(drafts[0]!.id, drafts.length);
  const pool = createBatchPool(
    drafts,
    locations.map((location) => location.row.id),
  );
  const plans = planOrders(stream('orders'), {
    now,
    horizonDays: DEMO_HORIZON_DAYS,
    orders: size.orders,
    lineRange: [1, 8],
    weights: DEMO_STATUS_WEIGHTS,
    required: REQUIRED_ORDERS,
  });
  const planned = plans.map((plan, index) => {
    const random = orderRandom(market.code, index);
    const lines = chooseLines(random, pool, plan);
    reserveStock(ledger, plan, lines);
    return { plan, random, lines };
  });

  const completion: BatchCompletion = { ids, marketCode: market.code, batchSerial: sequence(100), now };
  const batches = drafts.map((draft) => ({ draft, ...completeBatch(inventoryRandom, draft, ledger, completion) }));

  const orders = createOrderTables();
  for (const { plan, random, lines } of planned) addOrder(orders, buildOrder(random, scene, plan, lines));

  const importData = buildImports(stream('imports'), {
    market,
    now,
    ids,
    locations,
    batches,
    admins: cast.admins,
    imports: size.imports,
    openIssues: size.openIssues,
    updatesPerImport: size.updatesPerImport,
  });

  return {
    rows: { ...people, ...orders, ...importData, locations, products, batches },
    context: { market, locations, products, productFactory, completion, scene },
  };
}
