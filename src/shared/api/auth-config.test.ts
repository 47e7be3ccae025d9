import { describe, expect, it } from 'vitest';
import { authConfigSchema, readAuthConfig } from './auth-config';

const entra = { tenantId: 't', clientId: 'c', apiScope: 'api://c/access_as_user', authority: 'https://login.microsoftonline.com/t' };

const CONFIGS: unknown[] = [
  { mode: 'demo' },
  { mode: 'demo', extra: 1 },
  { mode: 'entra', entra },
  { mode: 'entra', entra: { ...entra, extra: 'x' } },
  { mode: 'entra', entra: { ...entra, clientId: 5 } },
  { mode: 'entra', entra: null },
  { mode: 'entra', entra: 'yes' },
  { mode: 'sso' },
  {},
  [],
  'demo',
  null,
];

describe('readAuthConfig', () => {
  it('accepts and returns exactly what the schema does', () => {
    for (const config of CONFIGS) {
      const parsed = authConfigSchema.safeParse(config);
      expect(readAuthConfig(config), JSON.stringify(config)).toEqual(parsed.success ? parsed.data : null);
    }
  });
});
