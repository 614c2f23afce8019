import { sql, type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // Operators of the console (issue 23) are not app users: their own table, sessions whose tokens
  // are stored only as hashes, and an append-only audit log of every change they make.
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      create table operators (
        id serial primary key,
        email text not null unique,
        password_hash text not null,
        role text not null check (role in ('owner', 'editor', 'support', 'finance')),
        totp_secret text,
        totp_pending_secret text,
        -- The time step of the last accepted code: a code seen once is not accepted again.
        totp_last_step bigint,
        disabled boolean not null default false,
        failed_sign_ins integer not null default 0,
        locked_until timestamptz,
        created_at timestamptz not null default now(),
        last_sign_in_at timestamptz
      );
      create table operator_sessions (
        id bigserial primary key,
        operator_id integer not null references operators(id),
        token_hash bytea not null unique,
        created_at timestamptz not null default now(),
        last_seen_at timestamptz not null default now(),
        expires_at timestamptz not null,
        ended_at timestamptz
      );
      create index operator_sessions_operator on operator_sessions (operator_id) where ended_at is null;
      create table audit_log (
        id bigserial primary key,
        at timestamptz not null default now(),
        operator_id integer references operators(id),
        action text not null,
        target text not null,
        before jsonb,
        after jsonb
      );
      create index audit_log_at on audit_log (at desc, id desc);
      create index audit_log_operator_at on audit_log (operator_id, at desc, id desc);
      create index audit_log_action_at on audit_log (action, at desc, id desc);
      create index audit_log_target_at on audit_log (target, at desc, id desc)
    `,
    );
    // Append-only in the database itself: no code path, and no operator's SQL slip, edits history.
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
  },
};

export default migration;
