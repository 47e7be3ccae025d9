// Build-time client settings (import.meta.env, written into the bundle by Vite), read once at start-up:
// a bad value stops the app with a message naming the variable. Read by hand rather than with zod, which
// would be the largest thing the first screen loads. Runtime sign-in settings come from GET /api/auth/config.

type ClientEnv = Record<string, unknown>;

export function readClientSettings(env: ClientEnv): { apiBaseUrl: string; statsPollMs: number } {
  const problems: string[] = [];
  const apiBaseUrl = env.VITE_API_BASE_URL ?? '/api';
  if (typeof apiBaseUrl !== 'string') problems.push('VITE_API_BASE_URL must be text');
  const pollText = env.VITE_STATS_POLL_MS ?? '60000';
  const statsPollMs = Number(pollText);
  if (!/^\s*\d+\s*$/.test(String(pollText))) problems.push('VITE_STATS_POLL_MS must be a whole number of milliseconds');
  else if (statsPollMs < 5_000) problems.push('VITE_STATS_POLL_MS must be at least 5000 ms');
  if (problems.length > 0) throw new Error(`Invalid client settings: ${problems.join('; ')}`);
  return { apiBaseUrl: String(apiBaseUrl).replace(/\/+$/, ''), statsPollMs };
}

export const clientSettings = readClientSettings(import.meta.env);

/** Every call gives up after 60 s (spec section 7). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Permissions and profile are cached 60 minutes (spec section 9). */
export const SESSION_CACHE_MS = 60 * 60_000;
/** List queries stay fresh 5 minutes per query key. */
export const LIST_CACHE_MS = 5 * 60_000;
