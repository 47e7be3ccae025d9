// The people side of a market: sales persons (some of them demo users), MSO owners and the
// dispensaries that buy, in the business's own chain (INT) and in other companies' (EXT).
import type { CustomerGroup, MarketCode } from '../../../shared/enums';
import { DEMO_USERS, type DemoUserKey } from './demo-users';
import type { IdSequences } from './ids';
import type { DemoMarket } from './markets';
import type { Random } from './random';
import type { CustomerRow, MsoOwnerRow, SalesPersonRow } from './tables';

/** Demo users who sell in a market and so must appear in its sales person pickers. */
const SELLING_DEMO_USERS: Partial<Record<MarketCode, DemoUserKey[]>> = {
  MN: ['mnSalesPerson', 'mnSalesManager'],
  FL: ['flSalesPerson'],
};

const FIRST_NAMES = ['Avery', 'Blake', 'Cameron', 'Devon', 'Emerson', 'Finley', 'Harper', 'Jamie', 'Kendall', 'Logan', 'Morgan', 'Parker', 'Quinn', 'Reese', 'Rowan', 'Skyler', 'Taylor', 'Hayden'];
const LAST_NAMES = ['Alvarez', 'Bennett', 'Carter', 'Dawson', 'Ellis', 'Foster', 'Garcia', 'Hughes', 'Iverson', 'Jensen', 'Larsen', 'Mendez', 'Novak', 'Olsen', 'Patel', 'Ramirez', 'Sullivan', 'Thompson'];

/** The business's own retail chain: every INT customer belongs to it. */
const OWN_CHAIN = { owner: 'GreenVault Retail', storeName: 'GreenVault' };
const OTHER_CHAINS = [
  { owner: 'Prairie Leaf Collective', storeName: 'Prairie Leaf' },
  { owner: 'Lakeshore Cannabis Co.', storeName: 'Lakeshore Cannabis' },
  { owner: 'North Loop Dispensaries', storeName: 'North Loop' },
  { owner: 'Blue Heron Wellness', storeName: 'Blue Heron' },
  { owner: 'Cedar & Sage Holdings', storeName: 'Cedar & Sage' },
  { owner: 'Riverstone Retail Group', storeName: 'Riverstone' },
  { owner: 'Highline Cannabis', storeName: 'Highline' },
  { owner: 'Juniper Dispensary Group', storeName: 'Juniper' },
  { owner: 'Golden Hour Holdings', storeName: 'Golden Hour' },
  { owner: 'Harbor Light Cannabis', storeName: 'Harbor Light' },
  { owner: 'Maple Row Retail', storeName: 'Maple Row' },
  { owner: 'Open Range Dispensaries', storeName: 'Open Range' },
];

const CITIES: Record<MarketCode, readonly string[]> = {
  MN: ['Minneapolis', 'St. Paul', 'Duluth', 'Rochester', 'Bloomington', 'St. Cloud', 'Mankato', 'Moorhead', 'Eden Prairie', 'Burnsville', 'Bemidji', 'Winona'],
  NV: ['Las Vegas', 'Henderson', 'Reno', 'Sparks', 'Carson City', 'North Las Vegas', 'Elko', 'Mesquite', 'Pahrump', 'Fernley'],
  IL: ['Chicago', 'Aurora', 'Naperville', 'Joliet', 'Rockford', 'Springfield', 'Peoria', 'Elgin', 'Champaign', 'Evanston', 'Schaumburg'],
  MD: ['Baltimore', 'Frederick', 'Rockville', 'Gaithersburg', 'Annapolis', 'Hagerstown', 'Salisbury', 'Bowie', 'Columbia', 'Laurel'],
  NJ: ['Newark', 'Jersey City', 'Paterson', 'Trenton', 'Camden', 'Edison', 'Hoboken', 'Atlantic City', 'Princeton', 'Montclair'],
  FL: ['Tampa', 'Orlando', 'Miami', 'Jacksonville', 'Tallahassee', 'Gainesville', 'Sarasota', 'Fort Myers', 'Pensacola', 'St. Petersburg', 'Naples'],
};

/** Chains often have several stores in one city. */
const DISTRICTS = ['North', 'South', 'East', 'West', 'Downtown', 'Airport'];

export type MarketPeople = {
  salesPersons: SalesPersonRow[];
  msoOwners: MsoOwnerRow[];
  customers: CustomerRow[];
};

export type PeopleSize = { salesPersons: number; msoOwners: number; customers: number };

function buildSalesPersons(random: Random, market: DemoMarket, ids: IdSequences, count: number): SalesPersonRow[] {
  const linked = (SELLING_DEMO_USERS[market.code] ?? []).map((key) => DEMO_USERS[key]);
  const used = new Set(linked.map((user) => user.name));
  const rows: SalesPersonRow[] = linked.map((user) => ({ id: ids.sales_persons(), marketId: market.id, name: user.name, email: user.email, userId: user.id }));
  while (rows.length < count) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const name = `${first} ${last}`;
    if (used.has(name)) continue;
    used.add(name);
    rows.push({ id: ids.sales_persons(), marketId: market.id, name, email: `${first}.${last}@greenvault.example`.toLowerCase(), userId: null });
  }
  return rows;
}

export function buildPeople(random: Random, market: DemoMarket, ids: IdSequences, size: PeopleSize): MarketPeople {
  const salesPersons = buildSalesPersons(random, market, ids, size.salesPersons);
  const chains = [OWN_CHAIN, ...random.sample(OTHER_CHAINS, size.msoOwners - 1)];
  const msoOwners = chains.map((chain) => ({ id: ids.mso_owners(), marketId: market.id, name: chain.owner }));
  const ownChainOwner = msoOwners[0]!;

  const sellingUsers = salesPersons.filter((person) => person.userId);
  const cities = CITIES[market.code];
  const internalCount = Math.max(2, Math.round(size.customers * 0.25));
  const names = new Set<string>();
  const licences = new Set<string>();
  const customers: CustomerRow[] = [];
  while (customers.length < size.customers) {
    const group: CustomerGroup = customers.length < internalCount ? 'INT' : 'EXT';
    const chainIndex = group === 'INT' ? 0 : random.int(1, chains.length - 1);
    const city = random.pick(cities);
    const name = random.chance(0.7) ? `${chains[chainIndex]!.storeName} ${city}` : `${chains[chainIndex]!.storeName} ${city} ${random.pick(DISTRICTS)}`;
    const licence = `${market.code}-RD-${random.int(10_000, 99_999)}`;
    if (names.has(name) || licences.has(licence)) continue;
    names.add(name);
    licences.add(licence);
    // Sales persons who are demo users carry the bigger books, so their screens are full.
    const salesPerson = sellingUsers.length > 0 && random.chance(0.45) ? random.pick(sellingUsers) : random.pick(salesPersons);
    customers.push({
      id: ids.customers(),
      marketId: market.id,
      name,
      customerGroup: group,
      msoOwnerId: group === 'INT' ? ownChainOwner.id : msoOwners[chainIndex]!.id,
      salesPersonId: salesPerson.id,
      licenseNumber: licence,
      isActive: random.chance(0.95),
    });
  }
  return { salesPersons, msoOwners, customers };
}
