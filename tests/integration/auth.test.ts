import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSecrets } from '../../src/server/db/schema';
import { UNKNOWN_AZURE_USER } from '../../src/shared/api/protocol';
import { DEMO_USERS } from '../../src/server/db/demo-data/demo-users';
import { createTestApp, type TestApp } from '../support/test-app';

let api: TestApp;
beforeAll(async () => {
  api = await createTestApp();
});
afterAll(async () => {
  await api.close();
});

describe('demo sign-in', () => {
  it('lists the active demo users with their markets and roles', async () => {
    const { status, body } = await api.call(null, { url: '/api/auth/demo-users' });
    expect(status).toBe(200);
    const names = body.data.map((u: { name: string }) => u.name);
    expect(names).toContain('Alex Morgan');
    expect(names).not.toContain(DEMO_USERS.deactivated.name);
    const dana = body.data.find((u: { userId: string }) => u.userId === DEMO_USERS.twoMarkets.id);
    expect(dana.markets).toEqual([
      { code: 'MN', name: 'Minnesota', role: 'Sales Manager' },
      { code: 'NJ', name: 'New Jersey', role: 'Fulfilment Person' },
    ]);
  });

  it('signs a demo user in with a short-lived token that the API accepts', async () => {
    const login = await api.call(null, { method: 'POST', url: '/api/auth/demo-login', body: { userId: DEMO_USERS.mnSalesPerson.id } });
    expect(login.status).toBe(200);
    const expiresIn = Date.parse(login.body.data.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(50 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
    const me = await api.call(null, { url: '/api/auth/me', headers: { authorization: `Bearer ${login.body.data.token}` } });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ userId: DEMO_USERS.mnSalesPerson.id, name: 'Jordan Lee', markets: [{ code: 'MN', role: 'Sales Person' }] });
  });

  it('says what is wrong with a bad sign-in request', async () => {
    const missing = await api.call(null, { method: 'POST', url: '/api/auth/demo-login', body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.details[0].field).toBe('userId');
    const notUuid = await api.call(null, { method: 'POST', url: '/api/auth/demo-login', body: { userId: 'alex' } });
    expect(notUuid.status).toBe(400);
    expect(notUuid.body.message).toMatch(/userId must be the userId of a demo user/);
    const unknown = await api.call(null, { method: 'POST', url: '/api/auth/demo-login', body: { userId: '00000000-0000-4000-8000-999999999999' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Demo user not found');
  });

  it('refuses a deactivated user', async () => {
    const { status, body } = await api.call(null, { method: 'POST', url: '/api/auth/demo-login', body: { userId: DEMO_USERS.deactivated.id } });
    expect(status).toBe(401);
    expect(body.message).toMatch(/deactivated/);
  });

  it('tells the runtime configuration to the client: demo mode, no tenant', async () => {
    const { body } = await api.call(null, { url: '/api/auth/config' });
    expect(body.data).toEqual({ mode: 'demo' });
  });
});

describe('bearer tokens', () => {
  it('answers 401 without a token, with a malformed header or with a forged token', async () => {
    expect((await api.call(null, { url: '/api/markets' })).status).toBe(401);
    const malformed = await api.call(null, { url: '/api/markets', headers: { authorization: 'Token abc' } });
    expect(malformed.status).toBe(401);
    expect(malformed.body.message).toBe('The Authorization header must be "Bearer <token>".');
    const token = await api.tokenFor('mnAdmin');
    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), oid: DEMO_USERS.njAdmin.azureUserId })).toString('base64url');
    const forged = await api.call(null, { url: '/api/markets', headers: { authorization: `Bearer ${header}.${forgedPayload}.${token.split('.')[2]}` } });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('UNAUTHORIZED');
  });

  it("answers 401 with 'azure user id does not exist' for a valid token of an unknown user", async () => {
    const { createDemoTokenService } = await import('../../src/server/auth/demo-tokens');
    const tokens = await createDemoTokenService(api.database.db, 5);
    const { token } = await tokens.issue({ azureUserId: 'not-a-registered-user', name: 'Stranger', email: 's@example.com' });
    const { status, body } = await api.call(null, { url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(status).toBe(401);
    expect(body.details).toEqual([{ message: UNKNOWN_AZURE_USER }]);
  });

  it('rejects an expired demo token', async () => {
    const { createDemoTokenService } = await import('../../src/server/auth/demo-tokens');
    const past = await createDemoTokenService(api.database.db, 5, () => new Date(Date.now() - 3_600_000));
    const { token } = await past.issue(DEMO_USERS.mnAdmin);
    const { status, body } = await api.call(null, { url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(status).toBe(401);
    expect(body.message).toBe('Your sign-in has expired. Please sign in again.');
  });

  it('rejects a demo token without an expiry or issue time, even when signed with the demo key', async () => {
    const { DEMO_TOKEN_KEY_NAME } = await import('../../src/server/auth/demo-tokens');
    const [secret] = await api.database.db.select().from(appSecrets).where(eq(appSecrets.name, DEMO_TOKEN_KEY_NAME));
    const key = Buffer.from(secret!.value, 'base64url');
    // The claims of a real token, so that only the missing one is wrong.
    const claims = decodeJwt(await api.tokenFor('mnAdmin'));
    for (const missing of ['exp', 'iat']) {
      const { [missing]: _dropped, ...rest } = claims;
      const token = await new SignJWT(rest).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
      const { status, body } = await api.call(null, { url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect(status, `without ${missing}`).toBe(401);
      expect(body.message).toBe('Your sign-in is not valid. Please sign in again.');
    }
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 with a clear message once the per-minute limit is used up', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const attempt = () => limited.call(null, { method: 'POST', url: '/api/auth/demo-login', body: { userId: DEMO_USERS.mnAdmin.id } });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(200);
      const blocked = await attempt();
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/^Too many sign-in attempts\. Try again in \d+ seconds\.$/);
    } finally {
      await limited.close();
    }
  });
});
