import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarketCode } from '../../shared/enums';
import { chooseMarket, currentMarket, MARKET_COOKIE, setCurrentMarket } from './market-store';

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

// Given order, code order and name order each put a different market first, so only the by-name rule
// picks Garden State.
const markets: { code: MarketCode; name: string }[] = [
  { code: 'NV', name: 'Silver State' },
  { code: 'FL', name: 'Sunshine' },
  { code: 'NJ', name: 'Garden State' },
];

const startingMarket = currentMarket();

afterEach(() => {
  vi.restoreAllMocks();
  setCurrentMarket(startingMarket);
  document.cookie = `${MARKET_COOKIE}=; Max-Age=0; Path=/`;
});

describe('chooseMarket', () => {
  it('keeps the remembered market when the user has it, even if it is not first by name', () => {
    expect(chooseMarket('FL', markets)).toBe('FL');
  });

  it('picks the first of the user’s markets by name when the remembered one is not theirs', () => {
    expect(chooseMarket('MN', markets)).toBe('NJ');
  });

  it('leaves the caller’s list in the order it was given', () => {
    const given = [...markets];
    chooseMarket('MN', given);
    expect(given).toEqual(markets);
  });

  it('answers null when the user has no markets', () => {
    expect(chooseMarket('MN', [])).toBeNull();
  });
});

describe('setCurrentMarket', () => {
  it('makes the market current and remembers it in the gti_last_user_market cookie for 30 days', () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');

    setCurrentMarket('NJ');

    expect(currentMarket()).toBe('NJ');
    expect(cookieSetter).toHaveBeenCalledTimes(1);
    const written = cookieSetter.mock.calls[0]![0];
    expect(written.startsWith('gti_last_user_market=NJ;')).toBe(true);
    expect(written).toContain(`Max-Age=${THIRTY_DAYS_S};`);
    expect(written).toContain('Path=/');
  });

  it('renews the 30 days when the same market is chosen again', () => {
    setCurrentMarket('MD');
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');

    setCurrentMarket('MD');

    expect(cookieSetter).toHaveBeenCalledTimes(1);
    expect(cookieSetter.mock.calls[0]![0]).toContain(`Max-Age=${THIRTY_DAYS_S};`);
  });

  it('is remembered on the next load of the app', async () => {
    setCurrentMarket('IL');

    vi.resetModules();
    const reloaded = await import('./market-store');

    expect(reloaded.currentMarket()).toBe('IL');
  });
});
