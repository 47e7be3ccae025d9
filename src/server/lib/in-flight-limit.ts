// Caps how many calls of one kind a key (a user) may have in flight at once in this process, so that one
// caller's slow or hostile requests cannot queue up ahead of everyone else's.

export type InFlightLimit = {
  /** Runs `work` unless `key` already has the maximum in flight, in which case `refuse()` is thrown. */
  run<T>(key: string, work: () => Promise<T>, refuse: () => Error): Promise<T>;
};

export function createInFlightLimit(max: number): InFlightLimit {
  const counts = new Map<string, number>();
  return {
    async run(key, work, refuse) {
      const current = counts.get(key) ?? 0;
      if (current >= max) throw refuse();
      counts.set(key, current + 1);
      try {
        return await work();
      } finally {
        const left = (counts.get(key) ?? 1) - 1;
        if (left === 0) counts.delete(key);
        else counts.set(key, left);
      }
    },
  };
}
