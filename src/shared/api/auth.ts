// Sign-in: the runtime auth configuration (its schema is in auth-config.ts), demo users and tokens, and
// the signed-in user's profile.
import { z } from 'zod';
import { MARKET_CODES, ROLES } from '../enums';
import { authConfigSchema } from './auth-config';
import { envelope } from './common';
import { defineEndpoint, publicAccess, signedIn } from './endpoint';

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

// ---- endpoints -----------------------------------------------------------------------------------------

export const authConfigEndpoint = defineEndpoint({
  operationId: 'getAuthConfig',
  method: 'GET',
  path: '/auth/config',
  tag: 'auth',
  summary: 'How to sign in',
  description: 'The sign-in mode (demo or Microsoft Entra ID) and, for Entra, the client id, authority and API scope the browser uses.',
  access: publicAccess,
  responses: { 200: authConfigResponseSchema },
});

export const demoUsersEndpoint = defineEndpoint({
  operationId: 'listDemoUsers',
  method: 'GET',
  path: '/auth/demo-users',
  tag: 'auth',
  summary: 'The demo users to sign in as',
  description: 'Demo mode only (404 with Entra sign-in): the demo users with their markets and roles.',
  access: publicAccess,
  errors: [404],
  responses: { 200: demoUsersResponseSchema },
});

export const demoLoginEndpoint = defineEndpoint({
  operationId: 'demoLogin',
  method: 'POST',
  path: '/auth/demo-login',
  tag: 'auth',
  summary: 'Sign in as a demo user',
  description: 'Demo mode only (404 with Entra sign-in): a short-lived bearer token for the demo user.',
  access: publicAccess,
  body: demoLoginBodySchema,
  errors: [404],
  responses: { 200: demoLoginResponseSchema },
});

export const meEndpoint = defineEndpoint({
  operationId: 'getMe',
  method: 'GET',
  path: '/auth/me',
  tag: 'auth',
  summary: 'The signed-in user',
  description: 'The signed-in user with their markets and roles.',
  access: signedIn,
  responses: { 200: meResponseSchema },
});
