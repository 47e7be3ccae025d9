// BioTrack's JSON API as this codebase reads it, and the mapping of its records to our connector shapes.
//
// Protocol. Every call is an HTTP POST of one JSON object to the one base URL; `action` names the call.
// - login: { action: 'login', license_number, username, password } → { success: 1, sessionid, time }.
//   A refusal is HTTP 200 with { success: 0, error: 'Invalid username or password.' }.
// - Every later call carries { sessionid, API: '4.0' }. BioTrack refuses a lapsed session with success 0 and an
//   error that mentions the session; the wording is not documented, so any refusal whose error names a session
//   counts as "log in again" (assumption).
// - Any refusal: { success: 0, error: '...', errorcode?: '...' } with HTTP 200. The error text names what went
//   wrong and carries no credentials.
// - sync_* actions take transaction_start and transaction_end (both optional, inclusive, integer transaction ids)
//   and answer { success: 1, <table>: [...], more?: 1 }. `more: 1` says records past the last one returned remain:
//   the next page starts at the highest transactionid returned plus one (assumption: BioTrack's public v4 papers
//   describe the range parameters, not the page size or the `more` flag's exact placement). The client reads a
//   whole table from transaction_start 0 and leaves transaction_end open; the simulator honours both.
// - Numbers arrive as strings ("300.00", "1"); times (sessiontime) are Unix seconds.
//
// sync_inventory_room → inventory_room[]: { roomid, name, location (the licence's location number), quarantine,
//   deleted, transactionid, transactionid_original }. Each room not deleted is one S2SLocation: id = roomid,
//   name = name. In BioTrack a licence's stock lives in rooms, so a room is our "location".
//
// sync_inventory → inventory[]: { id (16-digit barcode), inventoryparentid?, inventorytype (code), productname?,
//   strain?, remaining_quantity, currentroom (roomid), location, sessiontime (last change), deleted,
//   transactionid, transactionid_original, uom?, packaged_date?, expiration_date? }. Mapped to S2SPackage:
//   packageId and tag = id; batchNumber = inventoryparentid, else id; itemName = productname, else strain;
//   category = the inventory type's name (table below), else the value as sent, null when empty;
//   quantity = remaining_quantity (as sent: odd values are the import rules' to judge);
//   locationId = currentroom, locationName = that room's name; lastModified = sessiontime; onHold = the room is a
//   quarantine room. `uom`, `packaged_date` and `expiration_date` (YYYY-MM-DD) are not in the public v4 papers:
//   read when present (assumption about Florida's payloads), null otherwise. Deleted records are not active.
//
// sync_inventory_qa_sample → inventory_qa_sample[]: { inventoryid, parentid?, result, sessiontime, deleted,
//   transactionid, transactionid_original, lab_license?, test?: [{ type, ... }], expiration_date? }.
//   result: 1 passed, -1 failed, 0 pending at the lab, 2 rejected by the lab. Mapped to S2SLabResult: packageId =
//   inventoryid (a sample's results are those of the inventory it names), resultId = transactionid_original (kept
//   when BioTrack rewrites the record), passed = result 1, status passed / failed (-1 and 2) / missing (0: no
//   result yet), testedAt = sessiontime. Potency is the test entry of type 2 { THC, CBD, Total, THCA, CBDA } in
//   percent: thc = THC, cbd = CBD, totalCannabinoids = Total, all unit Percentage. Terpenes are assumed to come as
//   a test entry of type 7 whose other keys are terpene names with percentages as values (same style as the
//   other panels); absent when the lab reported none. expiration_date as for inventory (assumption).
//   A package's labTestingState is derived from its latest sample (highest transactionid): TestPassed,
//   TestFailed (-1 or 2), TestingInProgress (0), NotSubmitted when it has none; labExpiresAt is that sample's
//   expiration_date.
import { z } from 'zod';

/** BioTrack sends numbers as strings and sometimes as numbers; both read as a number. */
const numeric = z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i)]).transform(Number);
const text = z.union([z.string(), z.number()]).transform(String);
const flag = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform((value) => Number(value) === 1);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}/).nullish();

export const loginAnswer = z.object({ success: z.literal(1).or(z.literal('1')), sessionid: z.string().min(1) });

export const refusal = z.object({ success: z.union([z.literal(0), z.literal('0')]), error: z.string().optional(), errorcode: text.optional() });

const syncRecord = { transactionid: numeric, deleted: flag.optional().default(false) };

const roomRecord = z.object({ ...syncRecord, roomid: text, name: z.string(), quarantine: flag.optional().default(false) });

const inventoryRecord = z.object({
  ...syncRecord,
  id: text,
  inventoryparentid: text.nullish(),
  inventorytype: text,
  productname: z.string().nullish(),
  strain: z.string().nullish(),
  remaining_quantity: numeric,
  currentroom: text,
  sessiontime: numeric,
  uom: z.string().nullish(),
  packaged_date: date,
  expiration_date: date,
});

const testEntry = z.looseObject({ type: numeric });

const qaSampleRecord = z.object({
  ...syncRecord,
  inventoryid: text,
  transactionid_original: text,
  result: numeric,
  sessiontime: numeric,
  test: z.array(testEntry).nullish(),
  expiration_date: date,
});

export type RoomRecord = z.infer<typeof roomRecord>;
export type InventoryRecord = z.infer<typeof inventoryRecord>;
export type QaSampleRecord = z.infer<typeof qaSampleRecord>;

/** The sync action of each table and the key its rows arrive under. */
export const SYNC_TABLES = {
  rooms: { action: 'sync_inventory_room', key: 'inventory_room', record: roomRecord },
  inventory: { action: 'sync_inventory', key: 'inventory', record: inventoryRecord },
  qaSamples: { action: 'sync_inventory_qa_sample', key: 'inventory_qa_sample', record: qaSampleRecord },
} as const;

export const QA_RESULT = { passed: 1, failed: -1, pending: 0, rejected: 2 } as const;
export const POTENCY_TEST_TYPE = 2;
export const TERPENE_TEST_TYPE = 7;

/** BioTrack's inventory type codes, as its API papers list them; a code not listed is shown as sent. */
export const INVENTORY_TYPES: Record<string, string> = {
  '5': 'Kief',
  '6': 'Flower',
  '7': 'Clone',
  '9': 'Other Plant Material',
  '10': 'Seed',
  '11': 'Plant Tissue',
  '12': 'Mature Plant',
  '13': 'Flower Lot',
  '14': 'Other Plant Material Lot',
  '15': 'Bubble Hash',
  '16': 'Hash',
  '17': 'Hydrocarbon Wax',
  '18': 'CO2 Hash Oil',
  '19': 'Food Grade Solvent Extract',
  '20': 'Infused Dairy Butter or Fat in Solid Form',
  '21': 'Infused Cooking Oil',
  '22': 'Solid Marijuana Infused Edible',
  '23': 'Liquid Marijuana Infused Edible',
  '24': 'Marijuana Extract for Inhalation',
  '25': 'Marijuana Infused Topicals',
  '26': 'Sample Jar',
  '27': 'Waste',
  '28': 'Usable Marijuana',
  '30': 'Marijuana Mix',
  '31': 'Marijuana Mix Packaged',
  '32': 'Marijuana Mix Infused',
};
