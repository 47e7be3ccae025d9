// The update offer, driven through vite-plugin-pwa's own React hook (the file its build serves as
// 'virtual:pwa-register/react', in 'prompt' mode) with the browser's service worker lifecycle faked at
// workbox-window, so the test follows what a user sees when a new version has been deployed.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from './update-prompt';

type Listener = (event: Record<string, unknown>) => void;

const sw = vi.hoisted(() => {
  class FakeWorkbox {
    listeners = new Map<string, Listener[]>();
    register = vi.fn(async (_options?: { immediate?: boolean }) => undefined);
    messageSkipWaiting = vi.fn();
    constructor() {
      sw.current = this;
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    emit(type: string, event: Record<string, unknown> = {}) {
      for (const listener of this.listeners.get(type) ?? []) listener({ type, ...event });
    }
  }
  return { FakeWorkbox, current: null as InstanceType<typeof FakeWorkbox> | null };
});

vi.mock('workbox-window', () => ({ Workbox: sw.FakeWorkbox }));

const realLocation = window.location;
const reload = vi.fn();

beforeEach(() => {
  sw.current = null;
  reload.mockClear();
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  Object.defineProperty(window, 'location', { value: { ...realLocation, reload }, configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Object.defineProperty(window, 'location', { value: realLocation, configurable: true });
});

async function renderRegistered() {
  render(<UpdatePrompt />);
  await waitFor(() => expect(sw.current?.register).toHaveBeenCalled());
  return sw.current!;
}

const toast = () => screen.queryByRole('status');

describe('the update prompt', () => {
  it('registers the worker at once and stays out of the way when no new version waits', async () => {
    const workbox = await renderRegistered();
    expect(workbox.register).toHaveBeenCalledWith({ immediate: true });
    // The first install only makes the app work offline: nothing to offer.
    act(() => workbox.emit('installed', { isUpdate: false }));
    expect(toast()).toBeNull();
  });

  it('offers a waiting new version; Update lets it take over and reloads into it once it controls the page', async () => {
    const workbox = await renderRegistered();
    act(() => workbox.emit('waiting', { isUpdate: true }));
    expect(toast()?.textContent).toContain('A new version of the app is ready.');

    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1));
    // No reload until the new worker actually controls the page, or the old one would serve it again.
    expect(reload).not.toHaveBeenCalled();
    act(() => workbox.emit('controlling', { isUpdate: true }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('Later hides the offer and keeps the running version', async () => {
    const workbox = await renderRegistered();
    act(() => workbox.emit('waiting', { isUpdate: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(toast()).toBeNull();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
