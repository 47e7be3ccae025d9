// What the client tests need and jsdom lacks: IndexedDB (outbox, persisted cache), ResizeObserver
// (Headless UI anchored menus), Element.getAnimations (Headless UI transitions); and unmounting after
// each test, which Testing Library only does by itself when vitest globals are on.
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.getAnimations ??= () => [];

afterEach(cleanup);
