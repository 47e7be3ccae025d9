import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueue } from './outbox';
import { outboxDb, type OutboxEntry } from './outbox-db';
import type { SendResult } from './replay';
import { REPLAY_INTERVAL_MS, useOutboxSync, useSyncState } from './sync';

// The hook sends with the app's own senders; here the server's answers are the test's, edit by edit,
// whether the edits go alone or several in one call.
const { send } = vi.hoisted(() => ({ send: vi.fn<(entry: OutboxEntry) => Promise<SendResult>>() }));
vi.mock('./picklist-send', () => ({
  sendPicklistEdit: send,
  sendPicklistEdits: async (entries: OutboxEntry[]) => {
    const results: SendResult[] = [];
    for (const entry of entries) {
      results.push(await send(entry));
      if (results.at(-1)!.kind === 'unreachable') break;
    }
    return results;
  },
}));

const applied = async (): Promise<SendResult> => ({ kind: 'applied', version: 6, data: null });
const unreachable = async (): Promise<SendResult> => ({ kind: 'unreachable', message: 'timeout' });
const NO_ANSWER = 'The server could not be reached.';

let queryClient: QueryClient;
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  send.mockReset();
  queryClient = new QueryClient();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'visibilityState');
  await outboxDb.entries.clear();
  await outboxDb.meta.clear();
});

const edit = (id: string) =>
  enqueue({ id, userId: 'picker', market: 'MN', body: { items: [] }, resource: 'picklist:7', parts: ['1'], baseVersion: 5 });

const sentIds = () => send.mock.calls.map(([entry]) => entry.id);
const waitingIds = async () => (await outboxDb.entries.toArray()).map((entry) => entry.id);

const SYNCING = 'Syncing…';
const UP_TO_DATE = 'Up to date';

/** The app shell's wiring: the engine for the signed-in picker, and a line saying how syncing goes. */
function Shell({ waiting }: { waiting: number }) {
  useOutboxSync(queryClient, 'picker', waiting);
  const { running, lastProblem } = useSyncState();
  return createElement('p', { role: 'status' }, running ? SYNCING : (lastProblem ?? UP_TO_DATE));
}
const mountShell = (waiting = 1) => render(createElement(Shell, { waiting }));
const syncLine = () => screen.getByRole('status').textContent;

const dispatch = (target: EventTarget, type: string) => act(() => void target.dispatchEvent(new Event(type)));

describe('the outbox sync hook', () => {
  it('sends the waiting edits, oldest first, as soon as the app starts, and empties the outbox', async () => {
    await edit('a');
    await edit('b');
    send.mockImplementation(applied);
    mountShell(2);
    await waitFor(async () => expect(await waitingIds()).toEqual([]));
    expect(sentIds()).toEqual(['a', 'b']);
    await waitFor(() => expect(syncLine()).toBe(UP_TO_DATE));
  });

  it('sends nothing while the device is offline, and everything when the signal returns', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await edit('a');
    send.mockImplementation(applied);
    mountShell();
    await waitFor(() => expect(syncLine()).toBe("You're offline."));
    expect(send).not.toHaveBeenCalled();
    expect(await waitingIds()).toEqual(['a']);

    onLine.mockReturnValue(true);
    dispatch(window, 'online');
    await waitFor(async () => expect(await waitingIds()).toEqual([]));
    expect(sentIds()).toEqual(['a']);
    await waitFor(() => expect(syncLine()).toBe(UP_TO_DATE));
  });

  it('tries again when the app comes back to the screen, not when it goes to the background', async () => {
    await edit('a');
    let answer!: (result: SendResult) => void;
    send.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve))).mockImplementation(applied);
    mountShell();
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));

    // Hidden while the first send is still out: a replay asked for now would follow it before the engine goes idle.
    visibility = 'hidden';
    dispatch(document, 'visibilitychange');
    answer({ kind: 'unreachable', message: 'timeout' });
    // The line shows the outcome only once the engine is idle: a second replay would have run by then.
    await waitFor(() => expect(syncLine()).toBe(NO_ANSWER));
    expect(send).toHaveBeenCalledTimes(1);
    expect(await outboxDb.entries.toArray()).toEqual([expect.objectContaining({ id: 'a', status: 'pending', attempts: 1 })]);

    visibility = 'visible';
    dispatch(document, 'visibilitychange');
    await waitFor(async () => expect(await waitingIds()).toEqual([]));
    expect(sentIds()).toEqual(['a', 'a']);
  });

  it(`tries again every ${REPLAY_INTERVAL_MS / 1000} s while edits wait, with no event to prompt it`, async () => {
    // Only the interval is faked: IndexedDB keeps real time, and Testing Library's waitFor still checks on
    // every change of the sync line (vi.waitFor would move the faked clock on while it waits).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await edit('a');
    send.mockImplementationOnce(unreachable).mockImplementation(applied);
    mountShell();
    await waitFor(() => expect(syncLine()).toBe(NO_ANSWER));
    expect(send).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(REPLAY_INTERVAL_MS - 1));
    // Long enough for a replay, had one started, to reach the sender.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(send).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(1));
    await waitFor(() => expect(syncLine()).toBe(UP_TO_DATE));
    expect(sentIds()).toEqual(['a', 'a']);
    expect(await waitingIds()).toEqual([]);
  });
});
