// Which sign-in the server uses, as the client reads it before its first screen (hence zod/mini).
import * as z from 'zod/mini';

const AUTH_MODES = ['demo', 'entra'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

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
