import { businessDay } from '../../platform/business-day.ts';
import type { Db } from '../../platform/db/database.ts';

const MINUTE_MS = 60_000;

/**
 * Daily active users for the console's dashboard: an account is written to `active_days` at its
 * first signed request of each business day. Each process remembers whom it wrote today, so the
 * cost on every other request is a set lookup; another process writing the same account again
 * changes nothing (the key). The set starts afresh with each business day.
 */
export function createActiveDays(db: Db, timeZone: string) {
  let day = '';
  let dayMinute = -1;
  let written = new Set<number>();

  /** The business day changes at 4:00 local time, on a minute of UTC in every real time zone. */
  function today(now: number): string {
    const minute = Math.floor(now / MINUTE_MS);
    if (minute !== dayMinute) {
      dayMinute = minute;
      const current = businessDay(timeZone, new Date(now));
      if (current !== day) {
        day = current;
        written = new Set();
      }
    }
    return day;
  }

  return async function recordActive(userId: number): Promise<void> {
    const businessDay = today(Date.now());
    if (written.has(userId)) return;
    await db
      .insertInto('active_days')
      .values({ business_day: businessDay, user_id: userId })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    written.add(userId);
  };
}
