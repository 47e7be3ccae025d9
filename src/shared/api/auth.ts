// Sign-in: the runtime auth configuration, demo users and tokens, and the signed-in user's profile.
import { z } from 'zod';
import { MARKET_CODES, ROLES } from '../enums';
import { envelope } from './common';

export const AUTH_MODES = ['demo', 'entra'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

export const userMarketSchema = z.object({
  code: z.enum(MARKET_CODES),
  name: z.string(),
  role: z.enum(ROLES),
});
export type UserMarket = z.infer<typeof userMarketSchema>;

export const authConfigSchema = z.object({
  mode: z.enum(AUTH_MODES),
  /** Public identifiers MSAL needs; absent in demo mode. */
  entra: z
    .object({
      tenantId: z.string(),
      clientId: z.string(),
      apiScope: z.string(),
      authority: z.string(),
    })
    .optional(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
export const authConfigResponseSchema = envelope(authConfigSchema);

export const demoUserSchema = z.object({
  userId: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  markets: z.array(userMarketSchema),
});
export type DemoUser = z.infer<typeof demoUserSchema>;
export const demoUsersResponseSchema = envelope(z.array(demoUserSchema));

export const demoLoginBodySchema = z.object({
  userId: z.string({ error: 'userId is required' }).uuid('must be the userId of a demo user'),
});
export const tokenSchema = z.object({
  token: z.string(),
  expiresAt: z.string().datetime(),
});
export type IssuedToken = z.infer<typeof tokenSchema>;
export const demoLoginResponseSchema = envelope(tokenSchema);

export const meSchema = z.object({
  userId: z.string().uuid(),
  azureUserId: z.string(),
  name: z.string(),
  email: z.string(),
  markets: z.array(userMarketSchema),
});
export type Me = z.infer<typeof meSchema>;
export const meResponseSchema = envelope(meSchema);
