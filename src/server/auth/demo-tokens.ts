// Demo mode: the server signs short-lived tokens for the demo users with a key kept in the database,
// so that every instance behind a load balancer accepts the others' tokens.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { IssuedToken } from '../../shared/api/auth';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema';
import { unauthorized } from '../lib/errors';
import { EXPIRED_TOKEN_MESSAGE, INVALID_TOKEN_MESSAGE, type TokenVerifier } from './token-verifier';

const ISSUER = 'wholesale-back-office/demo';
const AUDIENCE = 'wholesale-back-office/api';
/** The row of app_secrets that holds the signing key. */
export const DEMO_TOKEN_KEY_NAME = 'demo-token-key';

export type DemoTokenService = TokenVerifier & {
  issue(user: { azureUserId: string; name: string; email: string }): Promise<IssuedToken>;
};

async function loadOrCreateKey(db: Db): Promise<Uint8Array> {
  await db
    .insert(appSecrets)
    .values({ name: DEMO_TOKEN_KEY_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, DEMO_TOKEN_KEY_NAME));
  if (!row) throw new Error('The demo token key could not be stored');
  return Buffer.from(row.value, 'base64url');
}

export async function createDemoTokenService(db: Db, ttlMinutes: number, now: () => Date = () => new Date()): Promise<DemoTokenService> {
  const key = await loadOrCreateKey(db);
  return {
    async issue(user) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      const expiresAt = issuedAt + ttlMinutes * 60;
      const token = await new SignJWT({ oid: user.azureUserId, name: user.name, preferred_username: user.email })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setSubject(user.azureUserId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          // jose checks exp only when present: a token without one would never expire.
          requiredClaims: ['exp', 'iat'],
          currentDate: now(),
        });
        if (typeof payload.oid !== 'string') throw unauthorized(INVALID_TOKEN_MESSAGE);
        return { azureUserId: payload.oid, expiresAt: payload.exp! * 1000 };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw unauthorized(EXPIRED_TOKEN_MESSAGE);
        throw unauthorized(INVALID_TOKEN_MESSAGE);
      }
    },
  };
}
