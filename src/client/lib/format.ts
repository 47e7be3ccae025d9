// The shared display formatters, with every date and time read in the current market's time zone: a rep
// on a device set to UTC sees an order placed 7:48 PM in Minnesota on 11/23 as placed on 11/23, as the
// delivery-date picker (which counts days in the market's zone) does. Screens import formatters from here.
import { formatDate as formatSharedDate, formatDateTime as formatSharedDateTime } from '../../shared/format';
import { MARKET_TIME_ZONES } from '../../shared/market-time';
import { currentMarket } from './market-store';

export * from '../../shared/format';

type DateInput = Parameters<typeof formatSharedDate>[0];

const marketTimeZone = () => MARKET_TIME_ZONES[currentMarket()];

/** 'MMM d, yyyy h:mm a' in the current market's time zone. */
export function formatDateTime(value: DateInput): string {
  return formatSharedDateTime(value, marketTimeZone());
}

/** 'MM/dd/yyyy': a calendar day as it is, an instant as the current market's calendar dates it. */
export function formatDate(value: DateInput, fallback?: string): string {
  return formatSharedDate(value, fallback, marketTimeZone());
}

/** 'Central Time': how the header names the zone every time on screen is shown in. */
export function marketTimeZoneName(market = currentMarket()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: MARKET_TIME_ZONES[market], timeZoneName: 'longGeneric' }).formatToParts(new Date());
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? MARKET_TIME_ZONES[market];
}
