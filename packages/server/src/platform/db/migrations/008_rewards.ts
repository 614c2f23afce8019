import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      -- One use of an activity code per account; the key makes a second use by the same account
      -- fail even when two requests race.
      create table activity_code_uses (
        code text not null references activity_codes(code) on delete cascade,
        user_id bigint not null references users(id) on delete cascade,
        used_at timestamptz not null default now(),
        primary key (code, user_id)
      );

      -- Payment appeals: the contact e-mail and the screenshot, kept privately under DATA_DIR.
      create table appeals (
        id bigserial primary key,
        user_id bigint not null references users(id) on delete cascade,
        email text not null,
        image_file text not null,
        image_type text not null,
        image_bytes integer not null,
        vip_granted boolean not null default false,
        created_at timestamptz not null default now()
      );
      create index appeals_vip_granted on appeals (user_id, created_at desc) where vip_granted
    `,
    );
  },
};

export default migration;
