// How long a failed job waits before its next attempt.
const BASE_DELAY_MS = 1_000;
const MAX_DELAY_MS = 60_000;

/**
 * Doubles with each failed attempt (1 s, 2 s, 4 s, … up to 60 s) and keeps a random half of that, so that
 * jobs which failed together (a connector outage) do not all come back at the same moment.
 */
export function retryDelayMs(failedAttempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** Math.max(0, failedAttempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
