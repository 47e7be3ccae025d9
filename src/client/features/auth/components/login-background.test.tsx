import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginBackground, videoAllowed } from './login-background';

type Device = { width: number; reducedMotion?: boolean; saveData?: boolean; effectiveType?: string };

function emulate({ width, reducedMotion = false, saveData, effectiveType }: Device) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width: 767px') ? width <= 767 : query.includes('reduce') ? reducedMotion : false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  Object.defineProperty(navigator, 'connection', { configurable: true, value: Object.assign(new EventTarget(), { saveData, effectiveType }) });
}

function backgroundOn(device: Device) {
  emulate(device);
  const { container } = render(<LoginBackground />);
  return { video: container.querySelector('video'), poster: container.querySelector('img'), sources: [...container.querySelectorAll('source')].map((source) => source.srcset) };
}

beforeEach(() => {
  HTMLMediaElement.prototype.play = vi.fn(async () => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'connection');
});

describe('the login background', () => {
  it('plays the video on a desktop with a fast connection and no motion preference', () => {
    const { video, poster } = backgroundOn({ width: 1440, effectiveType: '4g' });
    expect(video?.getAttribute('src')).toBe('/login-background.webm');
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    expect(poster).toBeNull();
  });

  it.each<[string, Device]>([
    ['a phone', { width: 390, effectiveType: '4g' }],
    ['prefers-reduced-motion', { width: 1440, reducedMotion: true }],
    ['Save-Data', { width: 1440, saveData: true, effectiveType: '4g' }],
    ['a 3G connection', { width: 1440, effectiveType: '3g' }],
    ['a 2G connection', { width: 1440, effectiveType: 'slow-2g' }],
  ])('shows the poster instead, and loads no video, on %s', (_label, device) => {
    const { video, poster, sources } = backgroundOn(device);
    expect(video).toBeNull();
    expect(poster?.getAttribute('src')).toBe('/login-background.jpg');
    // Phones get the light portrait crop.
    expect(sources).toEqual(['/login-background-portrait.webp']);
  });

  it('follows the rules without the Network Information API (Firefox, Safari)', () => {
    expect(videoAllowed({ phone: false, reducedMotion: false, saveData: false })).toBe(true);
    expect(videoAllowed({ phone: true, reducedMotion: false, saveData: false })).toBe(false);
  });
});
