// Seeded pseudo-randomness (mulberry32): every load of the demo data yields the same rows.

export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** A number in [min, max] rounded to `decimals` places. */
  decimal(min: number, max: number, decimals: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** `count` distinct items in random order (all of them when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[];
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    decimal: (min, max, decimals) => {
      const scale = 10 ** decimals;
      return Math.round((min + next() * (max - min)) * scale) / scale;
    },
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    sample: (items, count) => {
      const copy = [...items];
      const take = Math.min(count, copy.length);
      for (let i = 0; i < take; i += 1) {
        const j = int(i, copy.length - 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, take);
    },
  };
}

/** A 32-bit seed from labels (FNV-1a), so that each market and each purpose has its own stream. */
export function seedOf(...labels: (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of labels.join('/')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Draws by weight; the cumulative table is built once because large loads draw millions of times. */
export function weightedPicker<T>(entries: readonly (readonly [T, number])[]): (random: Random) => T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let running = 0;
  const bounds = entries.map(([, weight]) => (running += weight / total));
  return (random) => {
    const roll = random.next();
    const index = bounds.findIndex((bound) => roll < bound);
    return entries[index === -1 ? entries.length - 1 : index]![0];
  };
}
