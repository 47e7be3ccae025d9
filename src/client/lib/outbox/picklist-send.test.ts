import { describe, expect, it, vi } from 'vitest';
import { PICK_MESSAGES } from '../../../shared/api/picklist-protocol';
import { ApiError, type apiRequestRaw, type RequestOptions } from '../api-client';
import { testPicklist } from './picklist-fixtures';
import { sendPicklistEdit } from './picklist-send';
import type { OutboxEntry } from './outbox-db';

const entry: OutboxEntry = {
  seq: 3,
  id: '4a1d9c62-5a4e-4f0e-9d3a-1c2b3d4e5f60',
  userId: 'picker',
  market: 'NJ',
  method: 'PUT',
  path: '/picklist/7/edit',
  body: { items: [{ picklist_item_id: 1, no_of_cases: 4, reason_id: 11 }] },
  resource: 'picklist:7',
  parts: ['1'],
  baseVersion: 4,
  status: 'pending',
  createdAt: 0,
  attempts: 0,
};

type Request = typeof apiRequestRaw;

function answering(outcome: { status: number; body?: unknown; etag?: string } | Error | DOMException) {
  const calls: { path: string; options: RequestOptions }[] = [];
  const request = vi.fn(async (path: string, options: RequestOptions = {}) => {
    calls.push({ path, options });
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
