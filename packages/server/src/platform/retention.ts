import { SESSION_IDLE_DAYS } from '@app/contract';
import { sql, type Kysely } from 'kysely';
import type { Db } from './db/database.ts';
import type { Database } from './db/schema.ts';

/** Rows one statement deletes at most: short transactions, no long lock on a hot table. */
const BATCH = 5000;
/** Guests are checked and deleted in smaller batches (each takes its sessions and codes along). */
const GUEST_BATCH = 500;
/** An ended session stays this long, so a phone that comes back is told why it was signed out. */
const ENDED_SESSION_DAYS = 30;
/** Outbox rows are codes and messages of minutes; a week serves anyone looking into a delivery. */
const OUTBOX_DAYS = 7;
/** Markers of folded Redis batches only guard against a batch added twice, for minutes: a week is plenty. */
const VIEW_FOLD_DAYS = 7;
/** Every retention job runs this often at most, whichever node runs it (settings.retention_ran_at). */
export const RETENTION_EVERY_MS = 24 * 3_600_000;
const RAN_AT_KEY = 'retention_ran_at';
const RETENTION_LOCK = sql.raw(`hashtext('streamapp_retention')`);

export interface RetentionPolicy {
  eventsDays: number;
  guestsDays: number;
}

const DAY_MS = 86_400_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * Deletes what nobody needs after its time (issue 34; each reason in docs/decisions.md "Retention"):
 * analytics events and ad clicks past `eventsDays`, ended and long-idle sessions, expired launch
 * codes, guests never seen for `guestsDays` who bought nothing, old outbox rows and view-fold
 * markers. The operators' audit log is never touched. One node at a time (an advisory lock on the
 * connection it works on); a run that finds the lock held returns `undefined`.
 */
export async function runRetention(
  db: Db,
  policy: RetentionPolicy,
  now: Date,
): Promise<Record<string, number> | undefined> {
  return db.connection().execute(async (conn) => {
    const lock = await sql<{ got: boolean }>`select pg_try_advisory_lock(${RETENTION_LOCK}) as got`.execute(
      conn,
    );
    if (!lock.rows[0]?.got) return undefined;
    try {
      return {
        analytics_events: await deleteOlderById(
          conn,
          'analytics_events',
          'created_at',
          daysBefore(now, policy.eventsDays),
        ),
        ad_clicks: await deleteOlderById(conn, 'ad_clicks', 'clicked_at', daysBefore(now, policy.eventsDays)),
        outbox: await deleteOlderById(conn, 'outbox', 'created_at', daysBefore(now, OUTBOX_DAYS)),
        launch_codes: await deleteExpiredLaunchCodes(conn, now),
        sessions: await deleteOldSessions(conn, now),
        guests: await deleteForgottenGuests(conn, daysBefore(now, policy.guestsDays)),
        view_folds: await deleteViewFolds(conn, daysBefore(now, VIEW_FOLD_DAYS)),
      };
    } finally {
      await sql`select pg_advisory_unlock(${RETENTION_LOCK})`.execute(conn);
    }
  });
}

/**
 * Runs the retention when the last run (by any node) is a day old: every node may ask hourly, one
 * runs it. Returns what it deleted, or undefined when it was not due or another node runs it.
 */
export async function runRetentionIfDue(db: Db, policy: RetentionPolicy, now: Date) {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', RAN_AT_KEY)
    .executeTakeFirst();
  const ranAt = typeof row?.value === 'number' ? row.value : 0;
  if (now.getTime() - ranAt < RETENTION_EVERY_MS) return undefined;
  const deleted = await runRetention(db, policy, now);
  if (deleted) {
    const value = JSON.stringify(now.getTime());
    await db
      .insertInto('settings')
      .values({ key: RAN_AT_KEY, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
  return deleted;
}

/**
 * Append-only tables whose ids grow with their time: the first row at or after `before` is found
 * along the primary key, and everything below its id goes in batches of id ranges.
 */
async function deleteOlderById(
  conn: Kysely<Database>,
  table: 'analytics_events' | 'ad_clicks' | 'outbox',
  timeColumn: 'created_at' | 'clicked_at',
  before: Date,
): Promise<number> {
  const t = sql.table(table);
  const column = sql.ref(timeColumn);
  const first = await sql<{
    id: number;
  }>`select id from ${t} where ${column} >= ${before} order by id limit 1`.execute(conn);
  const bound = first.rows[0]?.id;
  let deleted = 0;
  for (;;) {
    const result = await sql`
      delete from ${t} where id in (
        select id from ${t} where ${bound === undefined ? sql`${column} < ${before}` : sql`id < ${bound}`}
        order by id limit ${BATCH}
      )`.execute(conn);
    const n = Number(result.numAffectedRows ?? 0);
    deleted += n;
    if (n < BATCH) return deleted;
  }
}

async function deleteExpiredLaunchCodes(conn: Kysely<Database>, now: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await sql`
      delete from launch_codes where code_hash in (
        select code_hash from launch_codes where expires_at < ${now} limit ${BATCH}
      )`.execute(conn);
    const n = Number(result.numAffectedRows ?? 0);
    deleted += n;
    if (n < BATCH) return deleted;
  }
}

/**
 * Sessions ended a month ago (the phone was told why meanwhile) and sessions idle well past the
 * idle limit (they no longer open anything), with the launch codes that stand for them. Walked
 * along the primary key in ranges, so no statement scans the table.
 */
async function deleteOldSessions(conn: Kysely<Database>, now: Date): Promise<number> {
  const ended = daysBefore(now, ENDED_SESSION_DAYS);
  const idle = daysBefore(now, SESSION_IDLE_DAYS + ENDED_SESSION_DAYS);
  const range = await sql<{ low: number | null; high: number | null }>`
    select min(id) as low, max(id) as high from sessions`.execute(conn);
  const { low, high } = range.rows[0] ?? { low: null, high: null };
  if (low === null || high === null) return 0;
  let deleted = 0;
  for (let from = Number(low); from <= Number(high); from += BATCH) {
    const result = await sql`
      with gone as (
        select id from sessions
        where id >= ${from} and id < ${from + BATCH} and (ended_at < ${ended} or last_seen_at < ${idle})
      ),
      codes as (delete from launch_codes where session_id in (select id from gone))
      delete from sessions where id in (select id from gone)`.execute(conn);
    deleted += Number(result.numAffectedRows ?? 0);
  }
  return deleted;
}

/**
 * Guests (no email, no phone) created and last seen before `before` who never bought anything,
 * earned nothing on the ledger, invited nobody and are no creator: nothing of them is worth
 * keeping. Their sessions, launch codes, check-ins and daily views go with them (their likes,
 * tickets and the like cascade).
 */
async function deleteForgottenGuests(conn: Kysely<Database>, before: Date): Promise<number> {
  let deleted = 0;
  let after = 0;
  for (;;) {
    const result = await sql<{ id: number }>`
      with gone as (
        select u.id from users u
        where u.id > ${after} and u.email is null and u.phone is null and u.created_at < ${before}
          and u.paid_orders = 0 and not u.promoter
          and not exists (select 1 from sessions s where s.user_id = u.id and s.last_seen_at >= ${before})
          and not exists (select 1 from orders o where o.user_id = u.id)
          and not exists (select 1 from ledger l where l.user_id = u.id)
          and not exists (select 1 from creator_profiles c where c.user_id = u.id)
          and not exists (select 1 from videos v where v.creator_id = u.id)
          and not exists (select 1 from users i where i.invited_by = u.id)
        order by u.id limit ${GUEST_BATCH}
      ),
      codes as (
        delete from launch_codes where user_id in (select id from gone)
          or session_id in (select s.id from sessions s where s.user_id in (select id from gone))
      ),
      sessions_gone as (delete from sessions where user_id in (select id from gone)),
      signins_gone as (delete from signins where user_id in (select id from gone)),
      views_gone as (delete from daily_views where user_id in (select id from gone))
      delete from users where id in (select id from gone) returning id`.execute(conn);
    deleted += result.rows.length;
    if (result.rows.length < GUEST_BATCH) return deleted;
    after = Math.max(...result.rows.map((row) => row.id));
  }
}

async function deleteViewFolds(conn: Kysely<Database>, before: Date): Promise<number> {
  const result = await sql`delete from view_folds where folded_at < ${before}`.execute(conn);
  return Number(result.numAffectedRows ?? 0);
}
