import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Every date the console shows is in TZ_BUSINESS (the session reply names it). */
let zone = 'Asia/Shanghai';
export function setTimeZone(name: string) {
  zone = name;
}
export function businessZone() {
  return zone;
}

export function formatDateTime(iso: string | null | undefined): string {
  return iso ? dayjs(iso).tz(zone).format('YYYY-MM-DD HH:mm:ss') : '';
}

/** The start of a picked business day, as an instant for the API. */
export function startOfBusinessDay(date: dayjs.Dayjs): string {
  return dayjs.tz(date.format('YYYY-MM-DD'), zone).toISOString();
}

/** The start of the day after a picked business day (an exclusive end). */
export function endOfBusinessDay(date: dayjs.Dayjs): string {
  return dayjs.tz(date.format('YYYY-MM-DD'), zone).add(1, 'day').toISOString();
}

/** A length in seconds as the app shows it: 0:20, 12:05, 1:02:03 (seconds kept under a minute). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
