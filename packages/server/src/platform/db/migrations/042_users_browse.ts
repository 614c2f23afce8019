import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // Issue 37 §16: the console browses accounts by VIP expiry and by points, a page at a time; each
  // order walks its own index (newest is the primary key, banned has users_banned).
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      create index users_vip_expiry on users (vip_expiry, id) where vip_expiry is not null;
      create index users_points on users (points, id)
    `,
    );
  },
};

export default migration;
