// Entra ID mode: access tokens are verified against the tenant's published keys for signature,
// issuer, audience, expiry and tenant. Only RS256 is accepted, so `alg: none` and HMAC tricks fail.
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { EntraSettings } from '../env';
import { unauthorized } from '../lib/errors';
import { EXPIRED_TOKEN_MESSAGE, INVALID_TOKEN_MESSAGE, type TokenVerifier } from './token-verifier';

export function createEntraVerifier(settings: EntraSettings, keys?: JWTVerifyGetKey): TokenVerifier {
  const jwks = keys ?? createRemoteJWKSet(new URL(settings.jwksUri), { timeoutDuration: 5_000, cooldownDuration: 30_000 });
  // v1.0 access tokens name the tenant through sts.windows.net; both forms are the same tenant.
  const issuers = [settings.issuer, `https://sts.windows.net/${settings.tenantId}/`];
  return {
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, jwks, {
          issuer: issuers,
          audience: settings.audience,
          algorithms: ['RS256'],
          // Entra sets all three times on every access token; jose checks exp and nbf only when present.
          requiredClaims: ['exp', 'iat', 'nbf', 'oid', 'tid'],
        });
        if (payload.tid !== settings.tenantId) throw unauthorized(INVALID_TOKEN_MESSAGE);
        if (typeof payload.oid !== 'string' || payload.oid === '') throw unauthorized(INVALID_TOKEN_MESSAGE);
        return { azureUserId: payload.oid, expiresAt: payload.exp! * 1000 };
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) throw unauthorized(EXPIRED_TOKEN_MESSAGE);
        throw unauthorized(INVALID_TOKEN_MESSAGE);
      }
    },
  };
}
