import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshLoad() {
  vi.resetModules();
  return (await import('./auth-config')).loadAuthConfig;
}

afterEach(() => {
  document.getElementById('sign-in-data')?.remove();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('the sign-in configuration', () => {
  it('is read from /login’s page when it carries it, with no call to the API, and remembered for a start with no signal', async () => {
    const script = Object.assign(document.createElement('script'), { type: 'application/json', id: 'sign-in-data', textContent: JSON.stringify({ config: { mode: 'demo' } }) });
    document.head.append(script);
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    expect(await (await freshLoad())()).toEqual({ mode: 'demo' });
    expect(fetch).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('gv-auth-config')!)).toEqual({ mode: 'demo' });
  });

  it('is asked of the server on any other page', async () => {
    const config = { mode: 'entra', entra: { tenantId: 't', clientId: 'c', apiScope: 'api://x/.default', authority: 'https://login.microsoftonline.com/t' } };
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, data: config }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    expect(await (await freshLoad())()).toEqual(config);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
