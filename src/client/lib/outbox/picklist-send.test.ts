import { describe, expect, it, vi } from 'vitest';
import { PICK_MESSAGES } from '../../../shared/api/picklist-protocol';
import { endpointPath, type Endpoint } from '../../../shared/api/endpoint';
import { ApiError, type callApiRaw, type CallOptions } from '../api-client';
import { testPicklist } from './picklist-fixtures';
import { sendPicklistEdit, sendPicklistEdits } from './picklist-send';
import type { OutboxEntry } from './outbox-db';

const entry: OutboxEntry = {
  seq: 3,
  id: '4a1d9c62-5a4e-4f0e-9d3a-1c2b3d4e5f60',
  userId: 'picker',
  market: 'NJ',
  body: { items: [{ picklist_item_id: 1, no_of_cases: 4, reason_id: 11 }] },
  resource: 'picklist:7',
  parts: ['1'],
  baseVersion: 4,
  status: 'pending',
  createdAt: 0,
  attempts: 0,
};

type Request = typeof callApiRaw;
type Sent = CallOptions & { method: string; body?: unknown };

function answering(outcome: { status: number; body?: unknown; etag?: string } | Error | DOMException) {
  const calls: { path: string; options: Sent }[] = [];
  const request = vi.fn(async (endpoint: Endpoint, { params, ...options }: CallOptions & { params?: Record<string, unknown>; body?: unknown }) => {
    calls.push({ path: endpointPath(endpoint.path, params), options: { ...options, method: endpoint.method } });
    if (!('status' in outcome) || outcome instanceof ApiError) throw outcome;
    return { data: outcome.body, status: outcome.status, headers: new Headers(outcome.etag ? { etag: outcome.etag } : {}) };
  }) as unknown as Request;
  return { request, calls };
}

const refused = (status: number, message = 'No', extra: { details?: { message: string; [key: string]: unknown }[]; body?: unknown } = {}) =>
  new ApiError(status, `HTTP_${status}`, message, extra.details ?? [], extra.body ?? { success: false, message });

describe('sending a picklist edit', () => {
  it('sends the entry with its key as Idempotency-Key, its base version as If-Match, in its own market', async () => {
    const { request, calls } = answering({ status: 200, body: { data: testPicklist({ version: 5 }) } });
    await sendPicklistEdit(entry, request);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/picklist/7/edit');
    expect(calls[0]!.options).toMatchObject({
      method: 'PUT',
      market: 'NJ',
      body: entry.body,
      headers: { 'idempotency-key': entry.id, 'if-match': '"v4"' },
    });
    expect(calls[0]!.options.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends no If-Match when the edit was made on no known version', async () => {
    const { request, calls } = answering({ status: 200, body: { data: testPicklist() } });
    await sendPicklistEdit({ ...entry, baseVersion: null }, request);
    expect(calls[0]!.options.headers).not.toHaveProperty('if-match');
  });

  it('200: applied, with the version and picklist the server answered', async () => {
    const server = testPicklist({ version: 5 });
    const { request } = answering({ status: 200, body: { data: server } });
    expect(await sendPicklistEdit(entry, request)).toEqual({ kind: 'applied', version: 5, data: server });
  });

  it('200 without a body: applied, with the version from the ETag', async () => {
    const { request } = answering({ status: 200, body: undefined, etag: '"v9"' });
    expect(await sendPicklistEdit(entry, request)).toEqual({ kind: 'applied', version: 9, data: null });
  });

  it("412: a conflict, keeping the server's picklist and the items it changed", async () => {
    const server = testPicklist({ version: 6 });
    const { request } = answering(refused(412, 'The picklist changed since you opened it.', { body: { success: false, picklist: server, conflictingItems: [1] } }));
    expect(await sendPicklistEdit(entry, request)).toEqual({
      kind: 'conflict',
      serverState: { picklist: server, conflictingItems: [1] },
      message: 'The picklist changed since you opened it.',
    });
  });

  it('412 without the picklist: refused (there is nothing to choose between)', async () => {
    const { request } = answering(refused(412, 'Changed'));
    expect(await sendPicklistEdit(entry, request)).toEqual({ kind: 'rejected', message: 'Changed' });
  });

  it("400 naming a missing reason: refused with the spec's warning", async () => {
    const { request } = answering(refused(400, PICK_MESSAGES.reasonRequired(5), { details: [{ field: 'items[0].reason_id', message: 'x', reason: 'required' }] }));
    expect(await sendPicklistEdit(entry, request)).toEqual({ kind: 'rejected', message: PICK_MESSAGES.saveFailedReason });
  });

  it.each([
    [400, 'Cannot exceed ordered quantity (5)'],
    [403, 'Your role (Sales Manager) may not mark items as picked.'],
    [404, 'Picklist not found'],
    [409, 'This picklist is Picked; it cannot be changed.'],
    [422, 'This Idempotency-Key was already used for a different request.'],
  ])('%i: refused with the server’s message', async (status, message) => {
    const { request } = answering(refused(status, message));
    expect(await sendPicklistEdit(entry, request)).toEqual({ kind: 'rejected', message });
  });

  it.each([401, 408, 429, 500, 502, 503])('%i: no answer yet, kept for later', async (status) => {
    const { request } = answering(refused(status, 'Later'));
    expect((await sendPicklistEdit(entry, request)).kind).toBe('unreachable');
  });

  it('no connection, or our own timeout: kept for later', async () => {
    const offline = answering(new ApiError(0, 'NETWORK_ERROR', "You're offline or the server can't be reached."));
    expect(await sendPicklistEdit(entry, offline.request)).toEqual({ kind: 'unreachable', message: "You're offline or the server can't be reached." });
    const timedOut = answering(new DOMException('signal timed out', 'TimeoutError'));
    expect(await sendPicklistEdit(entry, timedOut.request)).toEqual({ kind: 'unreachable', message: 'The server took too long to answer.' });
  });
});

describe('sending several edits of a picklist in one call', () => {
  const second: OutboxEntry = { ...entry, seq: 4, id: '9b7c1e20-3f4a-4b5c-8d9e-0a1b2c3d4e5f', body: { items: [{ picklist_item_id: 2, no_of_cases: 3 }] }, parts: ['2'] };
  const third: OutboxEntry = { ...entry, seq: 5, id: '0c1d2e3f-4a5b-4c6d-9e7f-8a9b0c1d2e3f', body: { items: [{ picklist_item_id: 3, no_of_cases: 1, reason_id: 11 }] }, parts: ['3'], baseVersion: null };
  const outcome = (key: string, status: number, extra: { version?: number | null; replayed?: boolean; error?: unknown } = {}) => ({
    key,
    status,
    replayed: extra.replayed ?? false,
    version: extra.version ?? null,
    ...(extra.error ? { error: extra.error } : {}),
  });

  it('posts them in order to the picklist’s edits, each with its key, version and items, in their market', async () => {
    const picklist = testPicklist({ version: 7 });
    const { request, calls } = answering({ status: 200, body: { data: { results: [outcome(entry.id, 200, { version: 5 }), outcome(second.id, 200, { version: 6 }), outcome(third.id, 200, { version: 7 })], picklist } } });
    await sendPicklistEdits([entry, second, third], request);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/picklist/7/edits');
    expect(calls[0]!.options).toMatchObject({
      method: 'POST',
      market: 'NJ',
      body: {
        edits: [
          { key: entry.id, base_version: 4, items: [{ picklist_item_id: 1, no_of_cases: 4, reason_id: 11 }] },
          { key: second.id, base_version: 4, items: [{ picklist_item_id: 2, no_of_cases: 3 }] },
          { key: third.id, base_version: null, items: [{ picklist_item_id: 3, no_of_cases: 1, reason_id: 11 }] },
        ],
      },
    });
    expect(calls[0]!.options.signal).toBeInstanceOf(AbortSignal);
  });

  it('says what became of each as a lone send would, the picklist after the call going with the last applied', async () => {
    const picklist = testPicklist({ version: 9 });
    const conflictState = testPicklist({ version: 8 });
    const { request } = answering({
      status: 200,
      body: {
        data: {
          results: [
            outcome(entry.id, 200, { version: 9, replayed: true }),
            outcome(second.id, 412, { error: { success: false, code: 'PRECONDITION_FAILED', message: 'Changed', picklist: conflictState, conflictingItems: [2] } }),
            outcome(third.id, 400, { error: { success: false, code: 'VALIDATION_ERROR', message: PICK_MESSAGES.reasonRequired(2), details: [{ field: 'items[0].reason_id', message: 'x', reason: 'required' }] } }),
          ],
          picklist,
        },
      },
    });
    expect(await sendPicklistEdits([entry, second, third], request)).toEqual([
      { kind: 'applied', version: 9, data: picklist },
      { kind: 'conflict', serverState: { picklist: conflictState, conflictingItems: [2] }, message: 'Changed' },
      { kind: 'rejected', message: PICK_MESSAGES.saveFailedReason },
    ]);
  });

  it('stops at an edit the server did not answer: nothing after it is known', async () => {
    const { request } = answering({ status: 200, body: { data: { results: [outcome(entry.id, 200, { version: 5 }), outcome(third.id, 200, { version: 6 })], picklist: testPicklist() } } });
    const results = await sendPicklistEdits([entry, second, third], request);
    expect(results.map((result) => result.kind)).toEqual(['applied', 'unreachable']);
  });

  it('no answer to the call: one unreachable result, so every edit is kept; a refusal of the call holds for each edit', async () => {
    const offline = answering(new ApiError(0, 'NETWORK_ERROR', "You're offline or the server can't be reached."));
    expect(await sendPicklistEdits([entry, second], offline.request)).toEqual([{ kind: 'unreachable', message: "You're offline or the server can't be reached." }]);
    const forbidden = answering(refused(403, 'Your role (Sales Manager) may not mark items as picked.'));
    expect(await sendPicklistEdits([entry, second], forbidden.request)).toEqual([
      { kind: 'rejected', message: 'Your role (Sales Manager) may not mark items as picked.' },
      { kind: 'rejected', message: 'Your role (Sales Manager) may not mark items as picked.' },
    ]);
  });

  it('refuses edits of different picklists', async () => {
    const { request } = answering({ status: 200, body: {} });
    await expect(sendPicklistEdits([entry, { ...second, resource: 'picklist:8' }], request)).rejects.toThrow('sendPicklistEdits takes waiting edits of one picklist.');
  });
});
