import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const users = [{ userId: '8f0c3c7e-0000-4000-8000-000000000001', name: 'Casey Nguyen', email: 'casey@example.com', markets: [{ code: 'MN', name: 'Minnesota', role: 'Fulfilment Person' }] }];
const later = [...users, { userId: '8f0c3c7e-0000-4000-8000-000000000002', name: 'Sam Rivera', email: 'sam@example.com', markets: [] }];

/** The hook from a fresh module graph: the page's data is read once per page load. */
async function freshHook() {
  vi.resetModules();
  return (await import('./get-demo-users')).useDemoUsers;
}

function pageCarries(data: unknown) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'sign-in-data';
  script.textContent = JSON.stringify(data);
  document.head.append(script);
}

afterEach(() => {
  document.getElementById('sign-in-data')?.remove();
  vi.unstubAllGlobals();
});

describe('the demo users of the sign-in screen', () => {
  it('come from the page on its first showing, with no call to the API; a later showing asks for the current list', async () => {
    pageCarries({ config: { mode: 'demo' }, demoUsers: users });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, data: later }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const useDemoUsers = await freshHook();

    const first = renderHook(() => useDemoUsers());
    expect(first.result.current).toMatchObject({ status: 'success', data: users });
    first.unmount();
    expect(fetch).not.toHaveBeenCalled();

    const again = renderHook(() => useDemoUsers());
    expect(again.result.current.status).toBe('pending');
    await waitFor(() => expect(again.result.current).toMatchObject({ status: 'success', data: later }));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are asked for when the page carries none (the server could not list them)', async () => {
    pageCarries({ config: { mode: 'demo' } });
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, data: users }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const useDemoUsers = await freshHook();
    const { result } = renderHook(() => useDemoUsers());
    expect(result.current.status).toBe('pending');
    await waitFor(() => expect(result.current).toMatchObject({ status: 'success', data: users }));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
