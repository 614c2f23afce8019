import { businessDay } from '../../platform/business-day.ts';
import { sql } from 'kysely';
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

  // Accounts waiting for the next insert, and the insert under way: under a burst of fresh guests
  // the calls that come while one insert runs share the next one (one statement for all of them,
  // not one commit each), and each call still returns once its account is written.
  let waiting: { day: string; users: Set<number>; written: Promise<void> } | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function insert(day: string, users: number[]): Promise<void> {
    await db
      .insertInto('active_days')
      .columns(['business_day', 'user_id'])
      .expression(
        db.selectNoFrom(() => [
          sql<string>`${day}::date`.as('business_day'),
          sql<number>`unnest(${users}::bigint[])`.as('user_id'),
        ]),
      )
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  return async function recordActive(userId: number): Promise<void> {
    const businessDay = today(Date.now());
    if (written.has(userId)) return;
    if (!waiting || waiting.day !== businessDay) {
      const batch = { day: businessDay, users: new Set<number>(), written: Promise.resolve() };
      batch.written = writing
        .catch(() => undefined)
        .then(() => {
          if (waiting === batch) waiting = undefined;
          return insert(batch.day, [...batch.users]);
        });
      writing = batch.written;
      waiting = batch;
    }
    waiting.users.add(userId);
    const day = waiting.day;
    await waiting.written;
    if (day === today(Date.now())) written.add(userId);
  };
}
