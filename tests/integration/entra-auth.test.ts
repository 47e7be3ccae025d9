// Entra ID verification against a key set served on loopback, as the tenant would serve it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_AZURE_USER } from '../../src/shared/api/protocol';
import { DEMO_USERS } from '../../src/server/db/demo-data/demo-users';
import { createTestApp, type TestApp } from '../support/test-app';

const TENANT = '7f4a2b1c-0000-4000-8000-00000000cafe';
const CLIENT = '3b9d5e2a-0000-4000-8000-00000000beef';
const AUDIENCE = `api://${CLIENT}`;
const KID = 'test-key-1';

let jwksServer: Server;
let host: string;
let api: TestApp;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let keySetRequests = 0;

type Claims = Record<string, unknown>;

function baseClaims(): Claims {
  return { oid: DEMO_USERS.mnAdmin.azureUserId, tid: TENANT, name: 'Alex Morgan' };
}

async function token(
  claims: Claims = baseClaims(),
  options: { issuer?: string; audience?: string; expiresIn?: string | number; key?: CryptoKey; kid?: string } = {},
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? KID })
    .setIssuer(options.issuer ?? `${host}/${TENANT}/v2.0`)
    .setAudience(options.audience ?? AUDIENCE)
    .setIssuedAt()
    .setNotBefore('0s')
    .setExpirationTime(options.expiresIn ?? '10m')
    .sign(options.key ?? signingKey);
}

async function me(bearer: string) {
  return api.call(null, { url: '/api/auth/me', headers: { authorization: `Bearer ${bearer}` } });
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const publicJwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' };
  jwksServer = createServer((request, response) => {
    if (request.url === `/${TENANT}/discovery/v2.0/keys`) {
      keySetRequests += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [publicJwk] }));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;
  api = await createTestApp({
    AUTH_MODE: 'entra',
    ENTRA_TENANT_ID: TENANT,
    ENTRA_CLIENT_ID: CLIENT,
    ENTRA_API_AUDIENCE: AUDIENCE,
    ENTRA_AUTHORITY_HOST: host,
  });
});

afterAll(async () => {
  await api.close();
  await new Promise((resolve) => jwksServer.close(resolve));
});

describe('Entra ID bearer tokens', () => {
  it('accepts a valid token signed by the tenant key, fetched from the tenant key set', async () => {
    const { status, body } = await me(await token());
    expect(status).toBe(200);
    expect(body.data.name).toBe('Alex Morgan');
    expect(keySetRequests).toBeGreaterThan(0);
  });

  it('refuses an expired token', async () => {
    const expired = await token(baseClaims(), { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const { status, body } = await me(expired);
    expect(status).toBe(401);
    expect(body.message).toBe('Your sign-in has expired. Please sign in again.');
  });

  it('refuses a token without an expiry, issue time or start time, as Entra always sets them', async () => {
    const now = Math.floor(Date.now() / 1000);
    const times = { iat: now, nbf: now, exp: now + 600 };
    for (const missing of ['exp', 'iat', 'nbf'] as const) {
      const { [missing]: _dropped, ...rest } = times;
      const signed = await new SignJWT({ ...baseClaims(), ...rest })
        .setProtectedHeader({ alg: 'RS256', kid: KID })
        .setIssuer(`${host}/${TENANT}/v2.0`)
        .setAudience(AUDIENCE)
        .sign(signingKey);
      expect((await me(signed)).status, `without ${missing}`).toBe(401);
    }
  });

  it('refuses a token for another audience', async () => {
    expect((await me(await token(baseClaims(), { audience: 'api://someone-else' }))).status).toBe(401);
  });

  it('refuses a token from another issuer', async () => {
    expect((await me(await token(baseClaims(), { issuer: 'https://evil.example/v2.0' }))).status).toBe(401);
  });

  it('refuses a token of another tenant even when the issuer matches', async () => {
    expect((await me(await token({ ...baseClaims(), tid: 'another-tenant' }))).status).toBe(401);
  });

  it('refuses a token whose signature is not the tenant key', async () => {
    expect((await me(await token(baseClaims(), { key: strangerKey }))).status).toBe(401);
  });

  it("refuses an unsigned token (alg: none)", async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...baseClaims(), iss: `${host}/${TENANT}/v2.0`, aud: AUDIENCE, iat: now, exp: now + 600 })}.`;
    expect((await me(unsigned)).status).toBe(401);
  });

  it("answers 401 'azure user id does not exist' for a valid token of someone not registered", async () => {
    const { status, body } = await me(await token({ ...baseClaims(), oid: '99999999-0000-4000-8000-000000000000' }));
    expect(status).toBe(401);
    expect(body.details).toEqual([{ message: UNKNOWN_AZURE_USER }]);
  });

  it('turns the demo endpoints off: they answer 404', async () => {
    expect((await api.call(null, { url: '/api/auth/demo-users' })).status).toBe(404);
    const login = await api.call(null, { method: 'POST', url: '/api/auth/demo-login', body: { userId: DEMO_USERS.mnAdmin.id } });
    expect(login.status).toBe(404);
  });

  it('gives the client what MSAL needs, and nothing secret', async () => {
    const { body } = await api.call(null, { url: '/api/auth/config' });
    expect(body.data).toEqual({
      mode: 'entra',
      entra: { tenantId: TENANT, clientId: CLIENT, apiScope: `${AUDIENCE}/access_as_user`, authority: `${host}/${TENANT}` },
    });
  });
});
