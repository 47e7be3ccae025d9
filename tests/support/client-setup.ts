// What the client tests need and jsdom lacks: IndexedDB (outbox, persisted cache), ResizeObserver
// (Headless UI anchored menus), Element.getAnimations (Headless UI transitions); and unmounting after
// each test, which Testing Library only does by itself when vitest globals are on.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { configureApiClient } from '../../src/client/lib/api-client';

window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.getAnimations ??= () => [];

afterEach(cleanup);

// A signed-in session, as the app configures one at start (app.tsx): a call without a token is refused
// before it leaves (api-client.ts), and the screens under test are signed-in screens. Tests of the client
// itself configure their own hooks.
configureApiClient({ getToken: async () => 'test-token', onUnauthorized: () => {}, onForbidden: () => {} });

// findBy* and waitFor wait up to 5 s instead of 1: CI runs these tests beside other suites on two cores, where
// the first render of a screen with a page of 100 rows can take longer than a second.
configure({ asyncUtilTimeout: 5_000 });
