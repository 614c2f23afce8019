import { VIEWS_RESET_HOUR } from '@app/contract';

// Building an Intl formatter costs far more than using one; there is one per time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The business day that `at` belongs to: days start at 4:00 in TZ_BUSINESS (daily views, check-in),
 * so 03:59 still counts as the day before. Returned as YYYY-MM-DD.
 */
export function businessDay(timeZone: string, at: Date = new Date()): string {
  return formatterFor(timeZone).format(new Date(at.getTime() - VIEWS_RESET_HOUR * 60 * 60 * 1000));
}

/**
 * The business day before `day` (YYYY-MM-DD), counted on the calendar rather than 24 hours back,
 * so a daylight-saving change in TZ_BUSINESS cannot skip or repeat a day.
 */
export function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}
