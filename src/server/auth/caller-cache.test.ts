import { describe, expect, it, vi } from 'vitest';
import type { Caller } from '../modules/users/users.repository';
import { createCallerCache, createListeningCallerCache } from './caller-cache';

const callerNamed = (name: string) => ({ id: name, name, roles: [], permissions: null }) as unknown as Caller;

/** A lookup whose answers the test releases one at a time, with the account's name as read at the time. */
function controlledLoad() {
  let name = 'before';
  const pending: (() => void)[] = [];
  const load = vi.fn(async (azureUserId: string) => {
    const read = `${azureUserId}:${name}`;
    await new Promise<void>((resolve) => pending.push(resolve));
    return callerNamed(read);
  });
  return { load, rename: (to: string) => (name = to), release: () => pending.shift()!() };
}

describe('caller cache', () => {
  it('answers a caller it read within the time to live without reading again, per account and market', async () => {
    let clock = 0;
    const load = vi.fn(async (azureUserId: string, market: string | null) => callerNamed(`${azureUserId}@${market}`));
    const cache = createCallerCache(load, { ttlMs: 5_000, now: () => clock });
    expect((await cache.get('a', 'MN'))!.name).toBe('a@MN');
    clock = 4_999;
    expect((await cache.get('a', 'MN'))!.name).toBe('a@MN');
    expect(load).toHaveBeenCalledTimes(1);
    // Another market's grants are another lookup.
    expect((await cache.get('a', 'IL'))!.name).toBe('a@IL');
    expect((await cache.get('a', null))!.name).toBe('a@null');
    expect(load).toHaveBeenCalledTimes(3);
    clock = 5_000;
    await cache.get('a', 'MN');
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('reads again after a change is heard', async () => {
    const load = vi.fn(async () => callerNamed('x'));
    const cache = createCallerCache(load);
    await cache.get('a', 'MN');
    cache.forget();
    await cache.get('a', 'MN');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep an unknown account: one created a moment later gets in at once', async () => {
    let known = false;
    const cache = createCallerCache(async () => (known ? callerNamed('new') : undefined));
    expect(await cache.get('a', 'MN')).toBeUndefined();
    known = true;
    expect((await cache.get('a', 'MN'))!.name).toBe('new');
  });

  it('does not keep what a lookup read before a change heard while it ran', async () => {
    const { load, rename, release } = controlledLoad();
    const cache = createCallerCache(load);
    const early = cache.get('a', 'MN');
    // The change commits and its notice arrives while the lookup (which read the old account) is still answering.
    rename('after');
    cache.forget();
    release();
    expect((await early)!.name).toBe('a:before');
    const next = cache.get('a', 'MN');
    release();
    expect((await next)!.name).toBe('a:after');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets on every notice and every (re)start of listening', async () => {
    let onPayload: () => void = () => {};
    let onListen: () => void = () => {};
    const unlisten = vi.fn(async () => {});
    const listen = vi.fn(async (_channel: string, payload: () => void, listening?: () => void) => {
      onPayload = payload;
      onListen = listening!;
      return unlisten;
    });
    const load = vi.fn(async () => callerNamed('x'));
    const cache = await createListeningCallerCache({ listen }, load);
    expect(listen).toHaveBeenCalledWith('wbo_access_changes', expect.any(Function), expect.any(Function));
    await cache.get('a', 'MN');
    await cache.get('a', 'MN');
    expect(load).toHaveBeenCalledTimes(1);
    onPayload();
    await cache.get('a', 'MN');
    expect(load).toHaveBeenCalledTimes(2);
    // Listening again after a lost connection: notices sent meanwhile may be lost.
    onListen();
    await cache.get('a', 'MN');
    expect(load).toHaveBeenCalledTimes(3);
    await cache.close();
    expect(unlisten).toHaveBeenCalled();
  });
});
