/**
 * The console's CSV downloads (revenue, audit log): cells safe from spreadsheet formulas, rows
 * ending in CRLF, and times written in the business time zone with their offset.
 */

/**
 * A CSV cell: quoted when it holds a separator, quote or line break, and a text that a spreadsheet
 * would run as a formula (= + - @, tab, carriage return first) is led by an apostrophe (OWASP CSV
 * injection). Amounts are written by us from integers and are never texts of a user.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A BOM first, so spreadsheet programs read the Chinese words as UTF-8. */
export const CSV_BOM = '\uFEFF';

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * An instant as the business time zone's wall time with its offset, `2026-11-28 12:30:05 +08:00`:
 * readable, sortable as text, and still one exact instant (a daylight-saving zone keeps its offset).
 */
export function zonedTime(at: Date | string | null, timeZone: string): string | null {
  if (at === null) return null;
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : (parts.timeZoneName ?? '').replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${offset}`;
}

/** A header of a time column names the zone its times are in: `支付时间 (Asia/Shanghai)`. */
export const withZone = (header: string, timeZone: string) => `${header} (${timeZone})`;
