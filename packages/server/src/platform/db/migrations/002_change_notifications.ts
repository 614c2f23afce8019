import { sql, type Kysely, type Migration } from 'kysely';

const migration: Migration = {
  // Processes keep hot rows (users, sessions) in memory; a change from any process or CLI
  // tells every listener at commit, so no cache outlives the row it copied.
  async up(db: Kysely<unknown>) {
    const statements = [
      `create function notify_user_changed() returns trigger language plpgsql as $$
       begin
         perform pg_notify('user_changed', (case when tg_op = 'DELETE' then old.id else new.id end)::text);
         return null;
       end $$`,
      `create trigger users_changed after update or delete on users
         for each row execute function notify_user_changed()`,
      `create function notify_session_changed() returns trigger language plpgsql as $$
       begin
         perform pg_notify('session_changed', encode(new.token_hash, 'hex'));
         return null;
       end $$`,
      `create trigger sessions_changed after update of ended_at on sessions
         for each row execute function notify_session_changed()`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
  },
};

export default migration;
