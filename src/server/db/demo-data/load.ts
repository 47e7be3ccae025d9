// Loads the deterministic demo data set into an empty database (first start of `npm start`, tests),
// or the large data set for benchmarks (`npm run db:seed -- --scale large`).
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../client';
import { buildDemoDataSet, insertDemoDataSet, syncGeneratedIdentities } from './demo-set';
import { loadLargeScale } from './large-scale';
import { loadDemoUsers, loadMarketsAndGrants } from './markets';

export type DemoScale = 'demo' | 'large';

export type DemoLoadOptions = {
  scale: DemoScale;
  /** The anchor of every generated date; two loads with the same `today` give identical rows. */
  today?: Date;
  onProgress?: (message: string) => void;
};

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ present: boolean }>(db, sql`select exists (select 1 from markets) as present`);
  return !row?.present;
}

export async function loadDemoData(db: Db, options: DemoLoadOptions): Promise<void> {
  // Whole seconds, so that generated times round the same way whatever the moment of loading.
  const now = Math.floor((options.today ?? new Date()).getTime() / 1000) * 1000;
  const set = buildDemoDataSet(now);
  await db.transaction(async (tx) => {
    await loadMarketsAndGrants(tx);
    await loadDemoUsers(tx);
    await insertDemoDataSet(tx, set);
    await syncGeneratedIdentities(tx);
  });
  options.onProgress?.('Demo data loaded');
  if (options.scale === 'large') await loadLargeScale(db, set, options.onProgress ?? (() => {}));
}
