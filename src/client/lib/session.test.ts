import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { PERSIST_MAX_AGE_MS } from './query-persistence';
import { sessionQueryOptions } from './session';

const account = { azureUserId: 'user-1', name: 'Sam Rivera', email: 'sam@example.com' };

describe('the session query (permissions and markets)', () => {
  it('stays fresh for 60 minutes and is read again after that', () => {
    const client = createQueryClient();
    const options = client.defaultQueryOptions(sessionQueryOptions(account));
    const now = Date.now();
    client.setQueryData(options.queryKey, { account } as never, { updatedAt: now - 59 * 60_000 });
    const query = client.getQueryCache().find({ queryKey: options.queryKey })!;
    expect(query.isStaleByTime(options.staleTime as number)).toBe(false);
    client.setQueryData(options.queryKey, { account } as never, { updatedAt: now - 61 * 60_000 });
    expect(query.isStaleByTime(options.staleTime as number)).toBe(true);
  });

  it('is kept in memory at least as long as the persisted cache, so it can be restored offline', () => {
    const client = createQueryClient();
    expect(client.defaultQueryOptions(sessionQueryOptions(account)).gcTime).toBeGreaterThanOrEqual(PERSIST_MAX_AGE_MS);
  });
});
