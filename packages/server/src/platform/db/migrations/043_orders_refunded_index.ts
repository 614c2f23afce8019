import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // The dashboard counts refunds by the day they were made (net figures, issue 37 §10): a partial
  // index on the refund time lets it read them without walking every order.
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `create index orders_refunded on orders (refunded_at) include (amount_cents, user_id) where refunded_at is not null`,
    );
  },
};

export default migration;
