import { describe, expect, it } from 'vitest';
import { readClientSettings } from './config';

describe('client settings', () => {
  it('defaults to /api and a minute between badge refreshes', () => {
    expect(readClientSettings({})).toEqual({ apiBaseUrl: '/api', statsPollMs: 60_000 });
  });

  it('reads the variables, without a trailing slash on the API address', () => {
    expect(readClientSettings({ VITE_API_BASE_URL: 'https://api.example/v1/', VITE_STATS_POLL_MS: '15000' })).toEqual({ apiBaseUrl: 'https://api.example/v1', statsPollMs: 15_000 });
  });

  it('refuses a bad value, naming the variable', () => {
    expect(() => readClientSettings({ VITE_STATS_POLL_MS: 'soon' })).toThrow('VITE_STATS_POLL_MS must be a whole number of milliseconds');
    expect(() => readClientSettings({ VITE_STATS_POLL_MS: '1000' })).toThrow('VITE_STATS_POLL_MS must be at least 5000 ms');
  });
});
