import { VIEWS_RESET_HOUR } from '@app/contract';

/**
 * The business day that `at` belongs to: days start at 4:00 in TZ_BUSINESS (daily views, check-in),
 * so 03:59 still counts as the day before. Returned as YYYY-MM-DD.
 */
export function businessDay(timeZone: string, at: Date = new Date()): string {
  const shifted = new Date(at.getTime() - VIEWS_RESET_HOUR * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(shifted);
}
