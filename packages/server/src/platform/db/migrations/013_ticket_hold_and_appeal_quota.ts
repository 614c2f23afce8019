import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      -- A buy with a ticket asks whether a pending order already holds it.
      create index orders_ticket_pending on orders (ticket_id) where status = 'pending';
      -- Appeal quotas: an account's appeals of the last day, and everyone's.
      create index appeals_user_created on appeals (user_id, created_at desc);
      create index appeals_created on appeals (created_at)
    `,
    );
  },
};

export default migration;
