// Calendar days as the market sees them, for delivery dates a test sets and reads back.
import { marketDate } from '../../../src/shared/market-time';
import { MARKET } from './api';

/** yyyy-MM-dd, some days from the market's today. */
export function marketDay(daysAhead: number): string {
  const [year, month, day] = marketDate(MARKET).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + daysAhead)).toISOString().slice(0, 10);
}

/** yyyy-MM-dd as the screens show it: MM/dd/yyyy. */
export const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
