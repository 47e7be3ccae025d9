// Display formatters of the spec, shared so the server's exports and the client's screens agree.
// One module per function: the package root loads all of date-fns's 300 files, and Node 24 parses the
// package's 200 KB package.json again for each file it loads (about 0.7 s of the server's start).
import { format as formatWithPattern } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import type { PotencyUnit } from './enums';

const DATE_TIME_PATTERN = 'MMM d, yyyy h:mm a';
const DATE_PATTERN = 'MM/dd/yyyy';
const API_DATE_PATTERN = 'yyyy-MM-dd';
const INVALID_DATE = 'Invalid date';
const MISSING = 'Missing';

type DateInput = string | number | Date | null | undefined;

/** Date-only strings (yyyy-MM-dd) are read as local calendar days so they never shift a day. */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : new Date(value);
  return isValid(date) ? date : null;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One formatter per time zone, made on first use: making one costs about as much as formatting a table page's cells. */
const clocks = new Map<string, Intl.DateTimeFormat>();
function clockIn(timeZone: string): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/**
 * The instant as a clock in `timeZone` reads it, as a Date whose local fields hold that reading (what
 * date-fns formats). A calendar day (yyyy-MM-dd) is no instant and stays the day it names.
 */
function asSeenIn(value: DateInput, timeZone: string | undefined): Date | null {
  const date = toDate(value);
  if (!date || !timeZone || (typeof value === 'string' && CALENDAR_DAY.test(value))) return date;
  const parts = clockIn(timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value ?? 0);
  return new Date(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'), date.getMilliseconds());
}

/**
 * 'MMM d, yyyy h:mm a', or 'Invalid date' when the value cannot be read. With `timeZone` (an IANA name, the
 * market's), the time as read there, wherever the device or server is.
 */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  const date = asSeenIn(value, timeZone);
  return date ? formatWithPattern(date, DATE_TIME_PATTERN) : INVALID_DATE;
}

/**
 * 'MM/dd/yyyy', or the fallback ('Invalid date' unless told otherwise) when the value cannot be read. With
 * `timeZone`, an instant is dated as that zone's calendar has it (an order placed 7:48 PM in Chicago on
 * 11/23 is dated 11/23 on a device set to UTC, where it is already 11/24).
 */
export function formatDate(value: DateInput, fallback: string = INVALID_DATE, timeZone?: string): string {
  const date = asSeenIn(value, timeZone);
  return date ? formatWithPattern(date, DATE_PATTERN) : fallback;
}

/** yyyy-MM-dd, the form dates travel in. */
export function toApiDate(value: Date): string {
  return formatWithPattern(value, API_DATE_PATTERN);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** US dollars with $ and 2 decimals; '-' when there is no number. */
export function formatUsd(value: number | string | null | undefined): string {
  const amount = typeof value === 'string' ? Number(value) : value;
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '-';
  return usd.format(amount);
}

/** Item size in g when the unit is grams, else mg. */
export function formatItemSize(size: number | string | null | undefined, unit: string | null | undefined): string {
  const amount = typeof size === 'string' ? Number(size) : size;
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return MISSING;
  const isGrams = unit !== null && unit !== undefined && ['g', 'gram', 'grams'].includes(unit.trim().toLowerCase());
  return `${trimNumber(amount)} ${isGrams ? 'g' : 'mg'}`;
}

/** THC, CBD or total cannabinoids: WeightRatio as mg/g, Percentage as %, 'Missing' when absent. */
export function formatPotency(value: number | string | null | undefined, unit: PotencyUnit | string | null | undefined): string {
  const amount = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (amount === null || amount === undefined || amount === '' || !Number.isFinite(amount)) return MISSING;
  const suffix = unit === 'WeightRatio' || unit === 'mg/g' ? ' mg/g' : '%';
  return `${trimNumber(amount as number)}${suffix}`;
}

export type Terpene = { terpeneName: string; percentage: number };

/** The top three terpenes by share, each to 2 decimals: 'Myrcene 1.20%, Limonene 0.85%'. */
export function formatTopTerpenes(terpenes: readonly Terpene[] | null | undefined): string {
  if (!terpenes || terpenes.length === 0) return MISSING;
  return [...terpenes]
    .sort((a, b) => b.percentage - a.percentage)
    .slice(0, 3)
    .map((t) => `${t.terpeneName} ${t.percentage.toFixed(2)}%`)
    .join(', ');
}

function trimNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(3)));
}
