import { VIEWS_RESET_HOUR } from '@app/contract';
import {
  DASHBOARD_SERIES_DAYS as WINDOW_DAYS,
  LINE_FAILURE_EVENTS,
  VIEWS_EXHAUSTED_EVENT,
  type LineFailureEvent,
} from '@app/contract/console/dashboard';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

/**
 * The dashboard's counts, each an aggregate over one index range (migration 017): no event, play
 * or order leaves the database, only one line per business day (and per line and event).
 */

/** A span of business days, first and last inclusive (YYYY-MM-DD), in TZ_BUSINESS. */
export interface DaySpan {
  first: string;
  last: string;
  timeZone: string;
}

/** The instant business day `day` (+ `daysLater`) starts: VIEWS_RESET_HOUR o'clock in the zone. */
function dayStart(day: string, timeZone: string, daysLater = 0): RawBuilder<Date> {
  return sql<Date>`((${day}::date + ${daysLater}::int + make_interval(hours => ${VIEWS_RESET_HOUR})) at time zone ${timeZone})`;
}

/** The business day an instant belongs to, as the app's business-day rule counts it. */
function dayOf(column: RawBuilder<unknown>, timeZone: string): RawBuilder<string> {
  return sql<string>`to_char((${column} at time zone ${timeZone}) - make_interval(hours => ${VIEWS_RESET_HOUR}), 'YYYY-MM-DD')`;
}

/** `column` falls inside the span: a range on the column, so its index is read from one end. */
function within(column: RawBuilder<unknown>, span: DaySpan): RawBuilder<boolean> {
  return sql<boolean>`${column} >= ${dayStart(span.first, span.timeZone)} and ${column} < ${dayStart(span.last, span.timeZone, 1)}`;
}

/** The shape of `DayCounts` kept now; a kept day of an older shape is counted again. */
export const DAY_COUNTS_VERSION = 2;

/** One business day's counts (the shape kept in `dashboard_days.figures`). */
export interface DayCounts {
  v: typeof DAY_COUNTS_VERSION;
  new_guests: number;
  bindings: number;
  active_users: number;
  plays: number;
  views_exhausted: number;
  /** Orders paid this day and their amounts (before refunds). */
  vip_purchases: number;
  revenue_cents: number;
  /** Orders refunded this day (whenever they were paid) and the amounts given back. */
  refunds: number;
  refund_cents: number;
  /**
   * Accounts whose first VIP purchase was this day, by the business day each account was created
   * (only those created up to 29 days before: older ones are in no window with this day).
   */
  converted: Record<string, number>;
  /**
   * Conversions taken back this day, by cohort: refunds after which the account has no paid order
   * left (its conversion was a purchase it did not keep).
   */
  unconverted: Record<string, number>;
  failures: { line: string | null; event: LineFailureEvent; count: number }[];
}

const ZERO: Omit<DayCounts, 'v' | 'failures' | 'converted' | 'unconverted'> = {
  new_guests: 0,
  bindings: 0,
  active_users: 0,
  plays: 0,
  views_exhausted: 0,
  vip_purchases: 0,
  revenue_cents: 0,
  refunds: 0,
  refund_cents: 0,
};

/** Counts of each business day of the span that had any activity (absent days had none). */
export function emptyDay(): DayCounts {
  return { v: DAY_COUNTS_VERSION, ...ZERO, converted: {}, unconverted: {}, failures: [] };
}

export async function countDays(db: Db, span: DaySpan): Promise<Map<string, DayCounts>> {
  const { timeZone } = span;
  const created = sql.ref('created_at');
  const paidAt = sql.ref('o.paid_at');
  const refundedAt = sql.ref('o.refunded_at');
  const between = sql`between ${span.first}::date and ${span.last}::date`;
  // One statement of one row per day and figure: PGlite answers one query at a time anyway.
  const { rows } = await sql<{ day: string; figure: keyof typeof ZERO; n: number }>`
          select ${dayOf(created, timeZone)} as day, 'new_guests' as figure, count(*) as n
            from users where ${within(created, span)} group by 1
    union all
          select ${dayOf(created, timeZone)}, 'bindings', count(*)
            from ledger where kind = 'bind_vip' and ${within(created, span)} group by 1
    union all
          select to_char(business_day, 'YYYY-MM-DD'), 'active_users', count(*)
            from active_days where business_day ${between} group by 1
    union all
          select to_char(business_day, 'YYYY-MM-DD'), 'plays', count(*)
            from daily_views where business_day ${between} group by 1
    union all
          select ${dayOf(created, timeZone)}, 'views_exhausted', count(*)
            from analytics_events where event = ${VIEWS_EXHAUSTED_EVENT} and ${within(created, span)} group by 1
    union all
          select ${dayOf(paidAt, timeZone)}, 'vip_purchases', count(*)
            from orders o where o.paid_at is not null and ${within(paidAt, span)} group by 1
    union all
          select ${dayOf(paidAt, timeZone)}, 'revenue_cents', sum(o.amount_cents)
            from orders o where o.paid_at is not null and ${within(paidAt, span)} group by 1
    union all
          select ${dayOf(refundedAt, timeZone)}, 'refunds', count(*)
            from orders o where o.refunded_at is not null and ${within(refundedAt, span)} group by 1
    union all
          select ${dayOf(refundedAt, timeZone)}, 'refund_cents', sum(o.amount_cents)
            from orders o where o.refunded_at is not null and ${within(refundedAt, span)} group by 1
`.execute(db);
  // A first purchase: no earlier paid order of the same account (orders_user_created).
  const { rows: converted } = await sql<{ day: string; cohort: string; n: number }>`
    select ${dayOf(paidAt, timeZone)} as day, ${dayOf(sql.ref('u.created_at'), timeZone)} as cohort, count(*) as n
      from orders o join users u on u.id = o.user_id
     where o.paid_at is not null and ${within(paidAt, span)}
       and u.created_at >= ${dayStart(span.first, timeZone, 1 - WINDOW_DAYS)}
       and not exists (select 1 from orders earlier
                        where earlier.user_id = o.user_id and earlier.paid_at < o.paid_at)
     group by 1, 2`.execute(db);
  // A refund after which the account keeps no paid order takes back the conversion its purchase made.
  const { rows: unconverted } = await sql<{ day: string; cohort: string; n: number }>`
    select ${dayOf(refundedAt, timeZone)} as day, ${dayOf(sql.ref('u.created_at'), timeZone)} as cohort,
           count(distinct o.user_id) as n
      from orders o join users u on u.id = o.user_id
     where o.refunded_at is not null and ${within(refundedAt, span)}
       and u.created_at >= ${dayStart(span.first, timeZone, 1 - WINDOW_DAYS)}
       and not exists (select 1 from orders kept
                        where kept.user_id = o.user_id and kept.status = 'paid')
       and not exists (select 1 from orders later
                        where later.user_id = o.user_id and later.refunded_at > o.refunded_at)
     group by 1, 2`.execute(db);
  const { rows: failures } = await sql<{
    day: string;
    line: string | null;
    event: LineFailureEvent;
    n: number;
  }>`
    select ${dayOf(created, timeZone)} as day, line, event, count(*) as n
      from analytics_events
     where event = any(${[...LINE_FAILURE_EVENTS]}::text[]) and ${within(created, span)}
       and not account_refused
     group by 1, 2, 3`.execute(db);

  const days = new Map<string, DayCounts>();
  const dayOfMap = (day: string) => {
    let counts = days.get(day);
    if (!counts) days.set(day, (counts = emptyDay()));
    return counts;
  };
  for (const row of rows) dayOfMap(row.day)[row.figure] = Number(row.n);
  for (const row of converted) dayOfMap(row.day).converted[row.cohort] = Number(row.n);
  for (const row of unconverted) dayOfMap(row.day).unconverted[row.cohort] = Number(row.n);
  for (const row of failures)
    dayOfMap(row.day).failures.push({ line: row.line, event: row.event, count: Number(row.n) });
  return days;
}

/** Counts of closed days kept earlier, by day. */
export async function keptDays(db: Db, span: DaySpan): Promise<Map<string, DayCounts>> {
  const rows = await db
    .selectFrom('dashboard_days')
    .select(['business_day', 'figures'])
    .where('time_zone', '=', span.timeZone)
    .where('business_day', '>=', span.first)
    .where('business_day', '<=', span.last)
    .execute();
  return new Map(
    rows
      .map((row) => [row.business_day, row.figures as DayCounts] as const)
      .filter(([, figures]) => figures.v === DAY_COUNTS_VERSION),
  );
}

/** Keeps closed days' counts; a day another process kept first stays as it was (same counts). */
export async function keepDays(db: Db, timeZone: string, days: [string, DayCounts][]): Promise<void> {
  if (days.length === 0) return;
  await db
    .insertInto('dashboard_days')
    .values(
      days.map(([day, figures]) => ({
        time_zone: timeZone,
        business_day: day,
        figures: JSON.stringify(figures),
      })),
    )
    // A day kept in an older shape is replaced; one kept in this shape stays as it was.
    .onConflict((conflict) =>
      conflict
        .columns(['time_zone', 'business_day'])
        .doUpdateSet({ figures: (eb) => eb.ref('excluded.figures') })
        .where(sql<boolean>`coalesce((dashboard_days.figures->>'v')::int, 1) <> ${DAY_COUNTS_VERSION}`),
    )
    .execute();
}
