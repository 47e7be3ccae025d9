import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it } from 'vitest';
import { idbPersister } from './query-persistence';

const copy = (label: string): PersistedClient => ({ timestamp: 1, buster: label, clientState: { queries: [], mutations: [] } });
const stored = async () => (await idbPersister.restoreClient())?.buster ?? null;

beforeEach(async () => {
  await idbPersister.removeClient();
});

describe('the persisted query cache', () => {
  it('starts writing a change at once, so a reload right after finds it', async () => {
    await idbPersister.persistClient(copy('shown'));
    expect(await stored()).toBe('shown');
  });

  it('writes only the newest of the changes that came while a write was under way', async () => {
    const puts: string[] = [];
    // Every copy that reaches IndexedDB, in order.
    const proto = Object.getPrototypeOf((await openDB('gv-query-cache', 1)).transaction('clients', 'readwrite').store) as { put: (value: PersistedClient, key: string) => unknown };
    const put = proto.put;
    proto.put = function (this: unknown, value: PersistedClient, key: string) {
      puts.push(value.buster);
      return put.call(this, value, key);
    };
    try {
      const first = idbPersister.persistClient(copy('first'));
      for (const label of ['second', 'third', 'fourth']) void idbPersister.persistClient(copy(label));
      await first;
      expect(puts).toEqual(['first', 'fourth']);
      expect(await stored()).toBe('fourth');
    } finally {
      proto.put = put;
    }
  });

  it('never brings the cache back after it was cleared (logout) with a copy that was still waiting', async () => {
    const first = idbPersister.persistClient(copy('first'));
    void idbPersister.persistClient(copy('waiting at logout'));
    await idbPersister.removeClient();
    await first;
    expect(await stored()).toBeNull();
  });
});
