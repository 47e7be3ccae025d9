// Calendar days as the market sees them: "today", and the delivery-date window, in the market's own time
// zone, so that a rep in Minnesota at 11 pm and the server agree on what today is.
import type { MarketCode } from './enums';

export const MARKET_TIME_ZONES: Record<MarketCode, string> = {
  MN: 'America/Chicago',
  NV: 'America/Los_Angeles',
  IL: 'America/Chicago',
  MD: 'America/New_York',
  NJ: 'America/New_York',
  FL: 'America/New_York',
};

/** One formatter per market, made on first use: making one costs 0.2 ms, which lists paid on every request. */
const dayFormats = new Map<MarketCode, Intl.DateTimeFormat>();
function dayFormat(market: MarketCode): Intl.DateTimeFormat {
  let format = dayFormats.get(market);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: MARKET_TIME_ZONES[market], year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(market, format);
  }
  return format;
}

/** yyyy-MM-dd of the given instant in the market's time zone. */
export function marketDate(market: MarketCode, at: Date = new Date()): string {
  const parts = dayFormat(market).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The same calendar day one year later (29 February falls back to 28 February). */
export function addOneYear(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year + 1, month - 1, date));
  if (next.getUTCMonth() !== month - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/** A requested delivery date must be between today and one year from today (inclusive), in the market. */
export function deliveryWindow(market: MarketCode, at: Date = new Date()): { min: string; max: string } {
  const min = marketDate(market, at);
  return { min, max: addOneYear(min) };
}
