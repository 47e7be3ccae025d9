// Time arithmetic for the generator. Instants are epoch milliseconds; calendar days are yyyy-MM-dd in UTC.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function calendarDay(instant: number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

export function shiftDay(day: string, days: number): string {
  return calendarDay(Date.parse(`${day}T00:00:00Z`) + days * DAY);
}
