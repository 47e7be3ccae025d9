// The market the user works in, remembered in the gti_last_user_market cookie for 30 days. The API
// client reads it for the Otc-Market header; components subscribe to it.
import { useSyncExternalStore } from 'react';
import { DEFAULT_MARKET_CODE, MARKET_CODES, type MarketCode } from '../../shared/enums';
import { readCookie, writeCookie } from './cookies';

export const MARKET_COOKIE = 'gti_last_user_market';
const MARKET_COOKIE_DAYS = 30;

const listeners = new Set<() => void>();

function fromCookie(): MarketCode {
  const value = readCookie(MARKET_COOKIE)?.toUpperCase();
  return (MARKET_CODES as readonly string[]).includes(value ?? '') ? (value as MarketCode) : DEFAULT_MARKET_CODE;
}

let current: MarketCode = typeof document === 'undefined' ? DEFAULT_MARKET_CODE : fromCookie();

export function currentMarket(): MarketCode {
  return current;
}

export function setCurrentMarket(code: MarketCode): void {
  writeCookie(MARKET_COOKIE, code, MARKET_COOKIE_DAYS);
  if (code === current) return;
  current = code;
  for (const listener of listeners) listener();
}

export function useCurrentMarket(): MarketCode {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}

/** The spec's rule: keep the remembered market if the user has it, else the first of theirs by name. */
export function chooseMarket(remembered: MarketCode, available: readonly { code: MarketCode; name: string }[]): MarketCode | null {
  if (available.some((market) => market.code === remembered)) return remembered;
  const [first] = [...available].sort((a, b) => a.name.localeCompare(b.name));
  return first?.code ?? null;
}
