import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // 017's orders_paid_day (paid_at) and 019's orders_paid_at (paid_at, id) led with the same
  // column, so every paid order wrote two index entries. One index serves both: the dashboard's
  // purchases, revenue and first purchases per day read it alone (amount and buyer included), and
  // the console's order list by time of payment and the revenue export walk it in (paid_at, id)
  // order, id breaking ties. Made before the two are dropped, so no moment goes without one.
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      create index orders_paid on orders (paid_at, id) include (amount_cents, user_id) where paid_at is not null;
      drop index orders_paid_day;
      drop index orders_paid_at
    `,
    );
  },
};

export default migration;
