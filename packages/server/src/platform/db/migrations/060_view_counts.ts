import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

/** The columns of `users` that processes keep in memory (user info, the view counters: user.queries.ts). */
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
  'views_day',
  'views_used',
  'banned_at',
];

const migration: Migration = {
  // Issue 34: a first play no longer rewrites its video's row (locked by every viewer at once, with
  // its twenty indexes): it adds a row to this buffer when Redis is absent (a counter in Redis
  // otherwise), and a worker folds the buffer into videos.views every minute. Unlogged: a view
  // count is not money, and a buffer that skips the WAL costs the hot path almost nothing (lost
  // only if PostgreSQL itself crashes: at most one minute of play counts).
  // `view_folds` remembers each Redis batch folded, so a fold that died between PostgreSQL's commit
  // and Redis's delete never adds the same batch twice.
  // users_changed told every process about every write to a user row; now only about a change of a
  // column some process keeps in memory (a deleted row still tells).
  async up(db: Kysely<unknown>) {
    const old = CACHED_USER_COLUMNS.map((column) => `old.${column}`).join(', ');
    const now = CACHED_USER_COLUMNS.map((column) => `new.${column}`).join(', ');
    await runStatements(
      db,
      `
      create unlogged table video_view_buffer (video_id bigint not null);
      create table view_folds (batch text primary key, folded_at timestamptz not null default now());
      drop trigger users_changed on users;
      create trigger users_changed after update of ${CACHED_USER_COLUMNS.join(', ')} on users
        for each row when ((${old}) is distinct from (${now})) execute function notify_user_changed();
      create trigger users_deleted after delete on users
        for each row execute function notify_user_changed()
    `,
    );
  },
};

export default migration;
