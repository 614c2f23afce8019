import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // The operator console (issue 23): the dashboard's per-day aggregates each read one index range
  // of their own table, and its lists walk an index in their order (docs/decisions.md, Console
  // indexes, says which index serves which query).
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      -- Daily active users: an account is written once per business day, at the first signed
      -- request of that day (features/session). The key is the count's index.
      create table active_days (
        business_day date not null,
        user_id bigint not null references users(id) on delete cascade,
        primary key (business_day, user_id)
      );
      -- New guests per day and how many of them have paid since (conversion).
      create index users_created on users (created_at) include (paid_orders);
      -- Bindings per day: the bind bonus is written once per account, in the binding's transaction.
      create index ledger_kind_created on ledger (kind, created_at);
      -- Plays per day.
      create index daily_views_day on daily_views (business_day);
      -- Views-exhausted events per day and start-up failures per line.
      create index analytics_events_event_created on analytics_events (event, created_at) include (line);
      -- VIP purchases, revenue and first purchases per day (a refunded order was still bought).
      create index orders_paid_day on orders (paid_at) include (amount_cents, user_id) where paid_at is not null;
      -- The counts of each closed business day, kept by the first dashboard that needed them:
      -- a closed day's rows never change, and counting 30 days of a million events per request
      -- is what the dashboard must not do. Per time zone, since the zone decides the days.
      create table dashboard_days (
        time_zone text not null,
        business_day date not null,
        figures jsonb not null,
        primary key (time_zone, business_day)
      )
    `,
    );
  },
};

export default migration;
