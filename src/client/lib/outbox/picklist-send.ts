// Sends one waiting picklist edit and says what became of it. Only an answer from the server settles an
// entry: a 200 (applied), a 412 (conflict, with the server's picklist) or a refusal sending again cannot
// change. No answer, a timeout, a server error, 408, 429 or an expired session (401) keep it for later.
import { picklistEditBatchEndpoint, picklistEditEndpoint, type PicklistEditBody, type PicklistEditOutcome } from '../../../shared/api/picklists';
import { PICK_MESSAGES, parseVersionTag, versionTag } from '../../../shared/api/picklist-protocol';
import { IDEMPOTENCY_HEADER } from '../../../shared/api/protocol';
import { ApiError, callApiRaw } from '../api-client';
import { picklistIdOf, type PicklistConflictState } from './picklist-cache';
import type { OutboxEntry } from './outbox-db';
import type { SendResult } from './replay';

/** A vault's signal can hang a request: give up well before the API client's 60 s. */
const SEND_TIMEOUT_MS = 20_000;

type Request = typeof callApiRaw;

/** Statuses that say "not now" rather than "no". */
const RETRYABLE = new Set([401, 408, 429]);

export async function sendPicklistEdit(entry: OutboxEntry, request: Request = callApiRaw): Promise<SendResult> {
  const picklistId = picklistIdOf(entry.resource);
  if (picklistId === null) throw new Error(`An outbox entry for ${entry.resource} is not a picklist edit.`);
  const headers: Record<string, string> = { [IDEMPOTENCY_HEADER]: entry.id };
  if (entry.baseVersion !== null) headers['if-match'] = versionTag(entry.baseVersion);
  try {
    const response = await request(picklistEditEndpoint, {
      params: { id: picklistId },
      body: entry.body as PicklistEditBody,
      headers,
      market: entry.market,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const data = response.data?.data ?? null;
    const version = data?.version ?? parseVersionTag(response.headers.get('etag') ?? undefined);
    return { kind: 'applied', version, data };
  } catch (error) {
    return outcomeOf(error);
  }
}

/**
 * Sends several waiting edits of one picklist in one call (POST /picklist/{id}/edits), each with its key
 * and the version it was made on, and says what became of each, as `sendPicklistEdit` would have. The
 * picklist the server answered after the call goes with the last applied edit, for the cache.
 */
export async function sendPicklistEdits(entries: OutboxEntry[], request: Request = callApiRaw): Promise<SendResult[]> {
  const [first] = entries;
  const picklistId = first ? picklistIdOf(first.resource) : null;
  if (!first || picklistId === null || entries.some((entry) => entry.resource !== first.resource)) {
    throw new Error('sendPicklistEdits takes waiting edits of one picklist.');
  }
  let answer;
  try {
    const response = await request(picklistEditBatchEndpoint, {
      params: { id: picklistId },
      body: { edits: entries.map((entry) => ({ key: entry.id, base_version: entry.baseVersion, items: (entry.body as PicklistEditBody).items })) },
      market: first.market,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    answer = response.data.data;
  } catch (error) {
    const outcome = outcomeOf(error);
    // No answer: nothing is known of any of them. A refusal of the whole call holds for each edit.
    return outcome.kind === 'unreachable' ? [outcome] : entries.map(() => outcome);
  }
  const byKey = new Map(answer.results.map((result) => [result.key, result]));
  const results = entries.map((entry): SendResult => {
    const result = byKey.get(entry.id);
    return result ? resultOf(result) : { kind: 'unreachable', message: 'The server did not answer this edit.' };
  });
  // What follows an edit the server did not answer is not known either.
  const unanswered = results.findIndex((result) => result.kind === 'unreachable');
  const known = unanswered === -1 ? results : results.slice(0, unanswered + 1);
  const lastApplied = known.findLastIndex((result) => result.kind === 'applied');
  if (lastApplied !== -1) known[lastApplied] = { ...(known[lastApplied] as Extract<SendResult, { kind: 'applied' }>), data: answer.picklist };
  return known;
}

function resultOf(result: PicklistEditOutcome): SendResult {
  if (result.status >= 200 && result.status < 300) return { kind: 'applied', version: result.version, data: null };
  const body = result.error ?? { message: `The edit was refused (${result.status}).` };
  const details = 'details' in body && Array.isArray(body.details) ? body.details : [];
  const code = 'code' in body && typeof body.code === 'string' ? body.code : `HTTP_${result.status}`;
  return outcomeOf(new ApiError(result.status, code, body.message, details, body));
}

function outcomeOf(error: unknown): SendResult {
  if (!(error instanceof ApiError)) {
    // Our own timeout (an AbortSignal's DOMException) or anything else that is not an answer.
    const { name, message } = (error ?? {}) as { name?: string; message?: string };
    return { kind: 'unreachable', message: name === 'TimeoutError' ? 'The server took too long to answer.' : (message ?? String(error)) };
  }
  if (error.isNetworkError || error.status >= 500 || RETRYABLE.has(error.status)) return { kind: 'unreachable', message: error.message };
  if (error.status === 412) {
    const body = (error.body ?? {}) as Partial<PicklistConflictState>;
    if (body.picklist && typeof body.picklist.version === 'number') {
      const serverState: PicklistConflictState = { picklist: body.picklist, conflictingItems: Array.isArray(body.conflictingItems) ? body.conflictingItems : [] };
      return { kind: 'conflict', serverState, message: error.message };
    }
  }
  // A short pick without a reason is named in the details: the spec has its own words for it.
  const missingReason = error.details.some((detail) => detail.reason === 'required');
  return { kind: 'rejected', message: missingReason ? PICK_MESSAGES.saveFailedReason : error.message };
}
