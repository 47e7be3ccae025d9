// Idempotent writes: a request with an Idempotency-Key is applied at most once per user. The key is
// claimed first, inside the same transaction as the write and its stored answer, so a retry arriving
// while the first is still running waits for it and then gets the same answer instead of applying again.
// Only applied (2xx) answers are kept: a refused request changed nothing, so retrying it is evaluated anew.
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { IncomingHttpHeaders } from 'node:http';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../shared/api/protocol';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { invalidField, unprocessable } from './errors';

export type StoredAnswer = { statusCode: number; body: unknown; headers: Record<string, string> };
export type IdempotentResult = StoredAnswer & { replayed: boolean };

/** How long an answer is kept for replays: longer than any phone stays offline in a shift. */
const IDEMPOTENCY_RETENTION_DAYS = 7;

/** The Idempotency-Key header, checked; undefined when the request has none. */
export function idempotencyKeyOf(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers[IDEMPOTENCY_HEADER];
  if (raw === undefined || raw === '') return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) throw invalidField('Idempotency-Key', 'header must be 8 to 128 letters, digits, - or _');
  return key;
}

/** A fingerprint of what the request asks, so a key reused for something else is caught. */
export function requestFingerprint(parts: unknown): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export type IdempotencyClaim = { userId: string; key: string | undefined; route: string; fingerprint: string };

export async function runIdempotently(db: Db, claim: IdempotencyClaim, work: (tx: Tx) => Promise<StoredAnswer>): Promise<IdempotentResult> {
  if (!claim.key) return { ...(await db.transaction(work)), replayed: false };
  const existing = await readStored(db, claim.userId, claim.key);
  if (existing) return answerFrom(existing, claim.route, claim.fingerprint);
  return db.transaction((tx) => claimAndRun(tx, { ...claim, key: claim.key! }, work));
}

/**
 * The same inside a transaction the caller holds (several keyed edits in one call): the work runs in a
 * savepoint, so an edit that is refused takes only its own writes and its claim back with it.
 */
export async function runIdempotentlyWithin(
  tx: Tx,
  claim: IdempotencyClaim & { key: string },
  work: (tx: Tx) => Promise<StoredAnswer>,
): Promise<IdempotentResult> {
  const existing = await readStored(tx, claim.userId, claim.key);
  if (existing) return answerFrom(existing, claim.route, claim.fingerprint);
  return tx.transaction((savepoint) => claimAndRun(savepoint, claim, work));
}

async function claimAndRun(tx: Tx, claim: IdempotencyClaim & { key: string }, work: (tx: Tx) => Promise<StoredAnswer>): Promise<IdempotentResult> {
  const { userId, key, route, fingerprint } = claim;
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId, key, route, requestHash: fingerprint, statusCode: 0, responseBody: { claimed: true } })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    // Another request with this key committed while we waited for the claim: answer as it did.
    const stored = await readStored(tx, userId, key);
    if (!stored) throw unprocessable('This request is being applied already. Try again in a moment.');
    return answerFrom(stored, route, fingerprint);
  }
  const answer = await work(tx);
  await tx
    .update(idempotencyKeys)
    .set({ statusCode: answer.statusCode, responseBody: answer.body ?? {}, responseHeaders: answer.headers })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return { ...answer, replayed: false };
}

async function readStored(db: Db | Tx, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

function answerFrom(row: typeof idempotencyKeys.$inferSelect, route: string, fingerprint: string): IdempotentResult {
  if (row.route !== route || row.requestHash !== fingerprint) {
    throw unprocessable('This Idempotency-Key was already used for a different request. Send a new key for a new request.');
  }
  return { statusCode: row.statusCode, body: row.responseBody, headers: row.responseHeaders ?? {}, replayed: true };
}

/** Forgets answers older than the retention period. */
export async function purgeIdempotencyKeys(db: Db): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(days => ${IDEMPOTENCY_RETENTION_DAYS})`));
}
