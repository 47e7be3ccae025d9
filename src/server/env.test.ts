import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  throw new Error('expected the settings to be refused');
}

describe('parseEnv', () => {
  it('runs on a fresh machine with no settings: port 8080, ./data, demo sign-in with demo data', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.AUTH_MODE).toBe('demo');
    expect(env.SEED_DEMO_DATA).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.entra).toBeNull();
  });

  it('names the variable that is wrong and says what it must be', () => {
    expect(problemsOf({ PORT: 'eighty' })).toEqual([expect.stringMatching(/^PORT must be a port number/)]);
    expect(problemsOf({ PORT: '70000' })).toEqual([expect.stringMatching(/^PORT must be 1 to 65535/)]);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })).toEqual(['DATABASE_URL must be a postgres:// connection URL']);
    expect(problemsOf({ AUTH_MODE: 'saml' })).toEqual(['AUTH_MODE must be demo or entra']);
    expect(problemsOf({ TRUST_PROXY: 'maybe' })).toEqual(['TRUST_PROXY must be true or false']);
  });

  it('reports every bad variable at once', () => {
    expect(problemsOf({ PORT: '0', LOG_LEVEL: 'loud' })).toHaveLength(2);
  });

  it('treats an empty variable as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(8080);
  });

  it('refuses Entra sign-in with an incomplete configuration, naming what is missing', () => {
    expect(problemsOf({ AUTH_MODE: 'entra', ENTRA_TENANT_ID: 'tenant' })).toEqual([
      'AUTH_MODE=entra needs ENTRA_CLIENT_ID, ENTRA_API_AUDIENCE (the Entra ID tenant, app registration and API audience)',
    ]);
  });

  it('never turns demo sign-in on beside Entra settings', () => {
    expect(problemsOf({ ENTRA_TENANT_ID: 'tenant' })[0]).toMatch(/ENTRA_TENANT_ID is set but AUTH_MODE is demo/);
    expect(problemsOf({ AUTH_MODE: 'entra', ENTRA_TENANT_ID: 't', ENTRA_CLIENT_ID: 'c', ENTRA_API_AUDIENCE: 'api://c', SEED_DEMO_DATA: 'true' })[0]).toMatch(
      /SEED_DEMO_DATA cannot be true with AUTH_MODE=entra/,
    );
  });

  it('derives the tenant issuer and key set from the authority host', () => {
    const env = parseEnv({ AUTH_MODE: 'entra', ENTRA_TENANT_ID: 'contoso', ENTRA_CLIENT_ID: 'client', ENTRA_API_AUDIENCE: 'api://client' });
    expect(env.SEED_DEMO_DATA).toBe(false);
    expect(env.entra).toMatchObject({
      issuer: 'https://login.microsoftonline.com/contoso/v2.0',
      jwksUri: 'https://login.microsoftonline.com/contoso/discovery/v2.0/keys',
      apiScope: 'api://client/access_as_user',
    });
  });

  describe('seed-to-sale connectors', () => {
    it('uses the simulators with no credentials, and the real system for a market whose keys are set', () => {
      expect(parseEnv({}).connectors).toEqual({});
      const env = parseEnv({ METRC_MN_VENDOR_KEY: 'vendor', METRC_MN_USER_KEY: 'user', BIOTRACK_FL_BASE_URL: 'https://fl.biotrack.example/serverjson.asp', BIOTRACK_FL_LICENSE_NUMBER: '123', BIOTRACK_FL_USERNAME: 'u', BIOTRACK_FL_PASSWORD: 'p' });
      expect(env.connectors.MN).toEqual({ system: 'metrc', baseUrl: 'https://api-mn.metrc.com', vendorKey: 'vendor', userKey: 'user' });
      expect(env.connectors.FL).toMatchObject({ system: 'biotrack', baseUrl: 'https://fl.biotrack.example/serverjson.asp', licenseNumber: '123' });
      expect(env.connectors.NV).toBeUndefined();
    });

    it('refuses half a set of credentials, naming what is missing, without echoing a key', () => {
      const problems = problemsOf({ METRC_NJ_VENDOR_KEY: 'secret-vendor-key' });
      expect(problems).toEqual([expect.stringContaining('METRC_NJ_VENDOR_KEY is set but METRC_NJ_USER_KEY is not')]);
      expect(problems.join()).not.toContain('secret-vendor-key');
      expect(problemsOf({ BIOTRACK_FL_USERNAME: 'u' })[0]).toContain('BIOTRACK_FL_BASE_URL, BIOTRACK_FL_LICENSE_NUMBER, BIOTRACK_FL_PASSWORD are not');
      expect(problemsOf({ METRC_IL_VENDOR_KEY: 'v', METRC_IL_USER_KEY: 'u', METRC_IL_BASE_URL: 'not a url' })).toEqual([expect.stringMatching(/^METRC_IL_BASE_URL must be a URL/)]);
    });

    it('reads simulator faults and refuses one it does not know', () => {
      expect(parseEnv({ SIMULATOR_FAULTS: 'MD:server-error:packages, FL:timeout:login:2' }).simulatorFaults).toEqual({
        MD: [{ kind: 'server-error', on: 'packages' }],
        FL: [{ kind: 'timeout', on: 'login', times: 2 }],
      });
      expect(problemsOf({ SIMULATOR_FAULTS: 'MD:explode:packages' })[0]).toMatch(/^SIMULATOR_FAULTS entry 'MD:explode:packages' must be market:fault:call/);
    });
  });
});

