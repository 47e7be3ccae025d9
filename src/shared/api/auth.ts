// Sign-in: the runtime auth configuration (its schema is in auth-config.ts), demo users and tokens, and
// the signed-in user's profile.
import { z } from 'zod';
import { MARKET_CODES, ROLES } from '../enums';
import { authConfigSchema } from './auth-config';
import { envelope } from './common';

export const userMarketSchema = z.object({
  code: z.enum(MARKET_CODES),
  name: z.string(),
  role: z.enum(ROLES),
});
export type UserMarket = z.infer<typeof userMarketSchema>;

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
