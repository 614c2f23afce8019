import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

/**
 * The columns of `users` that processes keep in memory (user info: user.queries.ts). Written out
 * again rather than shared with 060: a migration stays what it was when it ran.
 */
const CACHED_USER_COLUMNS = [
  'email',
  'phone',
  'vip_expiry',
  'points',
  'invite_code',
  'invite_count',
  'promoter',
  'init',
  'paid_orders',
  'extra_views',
  'extra_views_day',
  'banned_at',
];

const migration: Migration = {
  // Issue 34: the day's spent views (views_day, views_used) are no longer kept in memory; user
  // info reads them with its own primary-key read. A first play then sends no NOTIFY: PostgreSQL
  // holds one database-wide lock from a notifying transaction's commit until its WAL is flushed,
  // so a thousand first plays at once committed one flush after another instead of together.
  async up(db: Kysely<unknown>) {
    const old = CACHED_USER_COLUMNS.map((column) => `old.${column}`).join(', ');
    const now = CACHED_USER_COLUMNS.map((column) => `new.${column}`).join(', ');
    await runStatements(
      db,
      `
      drop trigger users_changed on users;
      create trigger users_changed after update of ${CACHED_USER_COLUMNS.join(', ')} on users
        for each row when ((${old}) is distinct from (${now})) execute function notify_user_changed()
    `,
    );
  },
};

export default migration;
