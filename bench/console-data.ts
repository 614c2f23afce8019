import { ANALYTICS_EVENTS } from '@app/contract';
import { VIEWS_EXHAUSTED_EVENT } from '@app/contract/console/dashboard';
import { sql } from 'kysely';
import type { Db } from '../packages/server/src/platform/db/database.ts';
import { growCatalogue } from '../packages/server/src/seed/scale-catalogue.ts';

/**
 * The console scenario's data (issue 23, Performance): the catalogue grown to 300,000 videos and
 * 1,000,000 analytics events, with accounts, bindings, plays, active days and paid orders enough
 * that every dashboard figure and console list has a realistic table to read. Rows are made by
 * generate_series in the database, in batches PGlite's memory takes; a second run finds them there.
 */
export const CONSOLE_SCALE = {
  videos: Number(process.env.BENCH_CONSOLE_VIDEOS ?? 300_000),
  events: Number(process.env.BENCH_CONSOLE_EVENTS ?? 1_000_000),
  /**
   * The events spread over this many days back: a service keeps its events (nothing deletes
   * them), so the table holds more than the dashboard's 30 days; 90 days puts a third of the
   * million inside the dashboard's window, which is what its counts read.
   */
  eventDays: 90,
  accounts: 200_000,
  accountDays: 180,
  /** Share of accounts that bound an address, and of accounts that paid once. */
  boundShare: 0.3,
  orders: 30_000,
  plays: 600_000,
  /** Accounts active per business day, over the last 60 days. */
  activePerDay: 8_000,
  activeDays: 60,
};

const BATCH = 100_000;
const PREFIX = 'bench-console-';

async function inBatches(total: number, run: (first: number, last: number) => Promise<unknown>) {
  for (let first = 1; first <= total; first += BATCH) await run(first, Math.min(total, first + BATCH - 1));
}

async function countOf(db: Db, query: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`${sql.raw(query)}`.execute(db);
  return Number(rows[0]!.n);
}

/** Grows the seeded product to CONSOLE_SCALE once; a database that has it already is left alone. */
export async function growConsoleData(
  db: Db,
  log: (line: string) => void,
  onPostgres: boolean,
): Promise<void> {
  const scale = CONSOLE_SCALE;
  const started = Date.now();
  const step = (what: string) => log(`  ${what} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  await growCatalogue(db, scale.videos, () => {});
  step(`${scale.videos} videos`);

  if ((await countOf(db, `select count(*) as n from users where invite_code like '${PREFIX}%'`)) === 0) {
    await inBatches(scale.accounts, (first, last) =>
      sql`insert into users (created_at, invite_code, email, paid_orders)
          select now() - random() * make_interval(days => ${scale.accountDays}), ${PREFIX} || g,
                 case when g % 1000 < ${scale.boundShare * 1000} then ${PREFIX} || g || '@example.com' end,
                 case when g % ${Math.round(scale.accounts / scale.orders)} = 0 then 1 else 0 end
            from generate_series(${first}::int, ${last}::int) g`.execute(db),
    );
    await sql`insert into ledger (user_id, kind, vip_days, grant_key, created_at)
              select id, 'bind_vip', 1, 'bind_vip:' || id, created_at + random() * interval '2 days'
                from users where invite_code like ${`${PREFIX}%`} and email is not null`.execute(db);
    step(`${scale.accounts} accounts, ${scale.boundShare * 100}% bound`);
  }

  if ((await countOf(db, `select count(*) as n from orders where out_trade_no like '${PREFIX}%'`)) === 0) {
    await sql`insert into orders (out_trade_no, user_id, plan_id, channel_id, pay_type, method, name,
                                  price_cents, amount_cents, days, status, created_at, paid_at)
              select ${PREFIX} || u.id, u.id, p.id, c.id, 'alipay', 'alipay', p.name, p.price_cents,
                     p.price_cents, p.days, 'paid', u.created_at + interval '1 hour',
                     u.created_at + interval '1 hour' + random() * interval '5 minutes'
                from users u
                cross join lateral (select id, name, price_cents, days from plans order by id limit 1) p
                cross join lateral (select id from payment_channels order by id limit 1) c
               where u.invite_code like ${`${PREFIX}%`} and u.paid_orders = 1`.execute(db);
    step(`${scale.orders} paid orders`);
  }

  if ((await countOf(db, `select count(*) as n from active_days`)) < scale.activePerDay) {
    await sql`insert into active_days (business_day, user_id)
              select current_date - d, u.id
                from generate_series(0, ${scale.activeDays - 1}::int) d
                cross join lateral (
                  select id from users where invite_code like ${`${PREFIX}%`}
                   order by id offset (d * 977) % ${scale.accounts - scale.activePerDay} limit ${scale.activePerDay}
                ) u
              on conflict do nothing`.execute(db);
    step(`${scale.activePerDay} active accounts a day for ${scale.activeDays} days`);
  }

  if ((await countOf(db, `select count(*) as n from daily_views`)) < scale.plays / 2) {
    const [{ first: firstUser }] = (
      await sql<{
        first: number;
      }>`select min(id) as first from users where invite_code like ${`${PREFIX}%`}`.execute(db)
    ).rows as [{ first: number }];
    const [{ first: firstVideo, n: videoCount }] = (
      await sql<{ first: number; n: number }>`select min(id) as first, count(*) as n from videos`.execute(db)
    ).rows as [{ first: number; n: number }];
    await inBatches(scale.plays, (first, last) =>
      sql`insert into daily_views (user_id, business_day, video_id, counted)
          select ${firstUser}::bigint + (g * 7919) % ${scale.accounts}, current_date - (g % ${scale.activeDays})::int,
                 v.id, g % 4 <> 0
            from generate_series(${first}::bigint, ${last}::bigint) g
            join lateral (select id from videos where id >= ${firstVideo}::bigint + (g * 104729) % ${Number(videoCount)}
                           order by id limit 1) v on true
          on conflict do nothing`.execute(db),
    );
    step(`${scale.plays} plays`);
  }

  const events = await countOf(db, `select count(*) as n from analytics_events`);
  if (events < scale.events) {
    // Half are the server's views-exhausted refusals, half the app's start-up failures on four lines.
    const failures = [...ANALYTICS_EVENTS];
    const lines = ['https://a1.example.com', 'https://a2.example.com', 'https://img1.example.com', null];
    await inBatches(scale.events - events, (first, last) =>
      sql`insert into analytics_events (event, detail, line, user_id, created_at)
          select case when g % 2 = 0 then ${VIEWS_EXHAUSTED_EVENT} else (${failures}::text[])[1 + (g / 2) % ${failures.length}] end,
                 'bench', case when g % 2 = 0 then null else (${lines}::text[])[1 + (g / 7) % ${lines.length}] end,
                 null, now() - random() * make_interval(days => ${scale.eventDays})
            from generate_series(${first}::int, ${last}::int) g`.execute(db),
    );
    step(`${scale.events} analytics events over ${scale.eventDays} days`);
  }
  // On PostgreSQL, autovacuum visits a table within a minute of a bulk load like this one and marks
  // its pages all-visible, which index-only scans rely on; the bench measures that steady state
  // rather than the minute after the load. PGlite runs no autovacuum: there the tables stay as made.
  await sql`${sql.raw(onPostgres ? 'vacuum analyze' : 'analyze')}`.execute(db);
}
