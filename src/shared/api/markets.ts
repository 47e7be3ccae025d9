// Markets the caller works in, and the app-wide stats behind the sidebar badges.
import { z } from 'zod';
import { IMPORT_STATUSES, MARKET_CODES, SEED_TO_SALE_SYSTEMS } from '../enums';
import { marketCodeSchema } from './enum-schemas';
import { envelope } from './common';
import { anyMarketRole, defineEndpoint, publicAccess, signedIn } from './endpoint';

export const marketSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.enum(MARKET_CODES),
  seedToSaleSystem: z.enum(SEED_TO_SALE_SYSTEMS),
});
export type Market = z.infer<typeof marketSchema>;
export const marketsResponseSchema = envelope(z.array(marketSchema));

export const marketQuerySchema = z.object({ marketCode: marketCodeSchema.optional() });

export const appStatsSchema = z.object({
  issueCount: z.number().int(),
  pendingOrders: z.number().int(),
  pendingPicklists: z.number().int(),
  isSyncing: z.boolean(),
  /** Status of the market's latest import, for the sidebar indicator; IDLE when there is none. */
  importStatus: z.enum(IMPORT_STATUSES),
  lastImportAt: z.string().datetime().nullable(),
});
export type AppStats = z.infer<typeof appStatsSchema>;
export const appStatsResponseSchema = envelope(appStatsSchema);

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
  databaseKind: z.enum(['pglite', 'postgres']),
  version: z.string(),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

// ---- endpoints -----------------------------------------------------------------------------------------

export const healthEndpoint = defineEndpoint({
  operationId: 'getHealth',
  method: 'GET',
  path: '/health',
  tag: 'health',
  summary: 'Whether the server and its database work',
  description: 'Answers 200 when the server and its database work, 503 otherwise (for load balancers and monitoring).',
  access: publicAccess,
  responses: { 200: healthSchema, 503: healthSchema },
});

export const listMarketsEndpoint = defineEndpoint({
  operationId: 'listMarkets',
  method: 'GET',
  path: '/markets',
  tag: 'markets',
  summary: "The caller's markets",
  description: 'The markets where the caller holds a role, by name.',
  access: signedIn,
  responses: { 200: marketsResponseSchema },
});

export const appStatsEndpoint = defineEndpoint({
  operationId: 'getAppStats',
  method: 'GET',
  path: '/inventory/stat',
  tag: 'markets',
  summary: 'Counts behind the sidebar badges',
  description: "The market's open inventory issues, pending orders and picklists, and the state of its latest import.",
  access: anyMarketRole,
  query: marketQuerySchema,
  responses: { 200: appStatsResponseSchema },
});
