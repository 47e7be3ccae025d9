// What every workbook this server writes shares: cell text that cannot run as a formula, and file names stamped
// on the market's clock (the screens show every time in the market's zone, so a file named in UTC read as the
// next day in the evening).

/**
 * Text a spreadsheet would read as a formula (=, +, -, @, or a leading tab or carriage return, which some read
 * past) gets a leading apostrophe, so that a name or comment from outside can never run as one.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The parts of an instant on the market's clock. */
function marketClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), zone: get('timeZoneName') };
}

/** yyyy_MM_dd_HHmm on the market's clock: the spec's stamp of an export's file name. */
export function fileTimestamp(at: Date, timeZone: string): string {
  const { year, month, day, hour, minute } = marketClock(at, timeZone);
  return `${year}_${month}_${day}_${hour}${minute}`;
}
