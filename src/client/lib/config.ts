// Build-time client settings, parsed once (zod/mini: this runs before the first screen). Runtime sign-in
// settings come from GET /api/auth/config.
import * as z from 'zod/mini';

const clientSettingsSchema = z.object({
  VITE_API_BASE_URL: z._default(z.string(), '/api'),
  VITE_STATS_POLL_MS: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(5_000, 'must be at least 5000 ms'))), 60_000),
});

export const clientSettings = (() => {
  const parsed = clientSettingsSchema.safeParse(import.meta.env);
  if (!parsed.success) throw new Error(`Invalid client settings: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  return { apiBaseUrl: parsed.data.VITE_API_BASE_URL.replace(/\/+$/, ''), statsPollMs: parsed.data.VITE_STATS_POLL_MS };
})();

/** Every call gives up after 60 s (spec section 7). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Permissions and profile are cached 60 minutes (spec section 9). */
export const SESSION_CACHE_MS = 60 * 60_000;
/** List queries stay fresh 5 minutes per query key. */
export const LIST_CACHE_MS = 5 * 60_000;
