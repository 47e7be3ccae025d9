// Which sign-in the server uses: its schema (the server's answer to GET /auth/config) and readAuthConfig,
// the same rules without zod for the client, which reads it before its first screen (auth-config.test.ts
// holds the two together).
import * as z from 'zod/mini';

const AUTH_MODES = ['demo', 'entra'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

const ENTRA_FIELDS = ['tenantId', 'clientId', 'apiScope', 'authority'] as const;

export const authConfigSchema = z.object({
  mode: z.enum(AUTH_MODES),
  /** Public identifiers MSAL needs; absent in demo mode. */
  entra: z.optional(
    z.object({
      tenantId: z.string(),
      clientId: z.string(),
      apiScope: z.string(),
      authority: z.string(),
    }),
  ),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The configuration as authConfigSchema reads it, or null where the schema refuses it. */
export function readAuthConfig(value: unknown): AuthConfig | null {
  if (!isRecord(value) || !AUTH_MODES.includes(value.mode as AuthMode)) return null;
  const mode = value.mode as AuthMode;
  if (value.entra === undefined) return { mode };
  const entra = value.entra;
  if (!isRecord(entra) || !ENTRA_FIELDS.every((field) => typeof entra[field] === 'string')) return null;
  const [tenantId, clientId, apiScope, authority] = ENTRA_FIELDS.map((field) => entra[field] as string) as [string, string, string, string];
  return { mode, entra: { tenantId, clientId, apiScope, authority } };
}
