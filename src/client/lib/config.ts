// Build-time client settings, parsed once. Runtime sign-in settings come from GET /api/auth/config.
import { z } from 'zod';

const clientSettingsSchema = z.object({
  VITE_API_BASE_URL: z.string().default('/api'),
  VITE_STATS_POLL_MS: z.coerce.number().int().min(5_000).default(60_000),
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
