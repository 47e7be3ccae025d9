import { describe, expect, it, vi } from 'vitest';
import { createMarketChanges } from './market-changes';

/** LISTEN/NOTIFY as PostgreSQL gives them: every listener of the channel hears every notice, the sender's included. */
function sharedDatabase() {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  return {
    listen: async (channel: string, onPayload: (payload: string) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(onPayload);
      return async () => void listeners.get(channel)!.delete(onPayload);
    },
    notify: async (channel: string, payload: string) => listeners.get(channel)?.forEach((listener) => listener(payload)),
  };
}
const log = { warn: vi.fn() };

describe('market changes', () => {
  it('reach this instance at once and each other instance once, never echoing back to the one that made them', async () => {
    const database = sharedDatabase();
    const [here, there] = [await createMarketChanges(database, log), await createMarketChanges(database, log)];
    const [heard, heardThere] = [[] as number[], [] as number[]];
    here.onChange((marketId) => heard.push(marketId));
    there.onChange((marketId) => heardThere.push(marketId));
    here.announce(7);
    expect(heard).toEqual([7]);
    await vi.waitFor(() => expect(heardThere).toEqual([7]));
    there.announce(3);
    await vi.waitFor(() => expect(heard).toEqual([7, 3]));
    expect(heardThere).toEqual([7, 3]);
    await there.close();
    here.announce(5);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heardThere).toEqual([7, 3]);
  });

  it('with no database to tell (PGlite, one instance) reach this instance only; a notice that fails is logged, not thrown', async () => {
    const alone = await createMarketChanges({}, log);
    const heard: number[] = [];
    alone.onChange((marketId) => heard.push(marketId));
    alone.announce(1);
    expect(heard).toEqual([1]);

    const failing = await createMarketChanges({ listen: sharedDatabase().listen, notify: async () => Promise.reject(new Error('connection lost')) }, log);
    expect(() => failing.announce(2)).not.toThrow();
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledTimes(1));
  });
});

describe('notices not yet sent', () => {
  it('are awaited until PostgreSQL has them, sent or failed, and then there are none', async () => {
    const sends: (() => void)[] = [];
    const fails: ((error: Error) => void)[] = [];
    const slow = {
      listen: sharedDatabase().listen,
      notify: (_channel: string, payload: string) =>
        new Promise<void>((resolve, reject) => (payload.endsWith(':1') ? sends.push(resolve) : fails.push(reject))),
    };
    const changes = await createMarketChanges(slow, log);
    expect(changes.unsent()).toBeUndefined();
    changes.announce(1);
    changes.announce(2);
    let settled = false;
    void changes.unsent()!.then(() => (settled = true));
    sends[0]!();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    fails[0]!(new Error('connection lost'));
    await vi.waitFor(() => expect(settled).toBe(true));
    expect(changes.unsent()).toBeUndefined();
  });
});
