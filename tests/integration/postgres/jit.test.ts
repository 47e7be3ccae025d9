// The server's connections to PostgreSQL run without JIT compilation (db/client.ts says why): a statement the planner
// judges dear is not compiled, which on the large data set cost a searched menu page 90-250 ms of its 10-20.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { createTestDatabase } from '../../support/test-database';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 1 });
});
afterAll(async () => {
  await database.close();
});

describe('statements on PostgreSQL', () => {
  it('are not JIT-compiled, however dear the planner judges them', async () => {
    const plan = await database.db.transaction(async (tx) => {
      // Every statement past the threshold, as the large data set's searched pages are.
      await tx.execute(sql`set local jit_above_cost = 0`);
      const rows = (await tx.execute(sql`explain (analyze, format json) select count(*) from batches b join products p on p.id = b.product_id where b.case_size > 0`)) as unknown as
        | { 'QUERY PLAN': unknown }[]
        | { rows: { 'QUERY PLAN': unknown }[] };
      return (Array.isArray(rows) ? rows : rows.rows)[0]!['QUERY PLAN'] as [{ JIT?: unknown; Plan: unknown }];
    });
    expect(plan[0].Plan).toBeDefined();
    expect(plan[0].JIT).toBeUndefined();
    // Also where this PostgreSQL has no JIT to use, so that the test holds the setting itself.
    const [setting] = (await database.db.execute(sql`select current_setting('jit') as jit`)) as unknown as { jit: string }[];
    expect(setting?.jit).toBe('off');
  });
});
