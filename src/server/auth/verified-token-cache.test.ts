import { describe, expect, it, vi } from 'vitest';
import { withVerifiedTokenCache } from './verified-token-cache';

describe('verified token cache', () => {
  it('checks a token once, then answers from memory until it expires', async () => {
    let clock = 1_000;
    const verify = vi.fn(async (token: string) => ({ azureUserId: `user-of-${token}`, expiresAt: 5_000 }));
    const cached = withVerifiedTokenCache({ verify }, 100, () => clock);
    expect(await cached.verify('a')).toEqual({ azureUserId: 'user-of-a', expiresAt: 5_000 });
    await cached.verify('a');
    expect(verify).toHaveBeenCalledTimes(1);
    clock = 5_000;
    await cached.verify('a');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('never remembers a token that failed', async () => {
    const verify = vi.fn().mockRejectedValue(new Error('bad signature'));
    const cached = withVerifiedTokenCache({ verify });
    await expect(cached.verify('forged')).rejects.toThrow('bad signature');
    await expect(cached.verify('forged')).rejects.toThrow('bad signature');
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('holds at most its limit, forgetting the oldest first', async () => {
    const verify = vi.fn(async (token: string) => ({ azureUserId: token, expiresAt: Number.MAX_SAFE_INTEGER }));
    const cached = withVerifiedTokenCache({ verify }, 2);
    await cached.verify('one');
    await cached.verify('two');
    await cached.verify('three');
    await cached.verify('two');
    expect(verify).toHaveBeenCalledTimes(3);
    await cached.verify('one');
    expect(verify).toHaveBeenCalledTimes(4);
  });
});
