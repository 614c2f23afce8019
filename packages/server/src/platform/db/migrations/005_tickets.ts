import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      -- Discount tickets an account holds (check-in rewards, operator grants). A ticket is spent
      -- when the order that used it is paid, not when the order is made (DECISIONS).
      create table user_tickets (
        id bigserial primary key,
        user_id bigint not null references users(id) on delete cascade,
        template_id integer not null references ticket_templates(id),
        granted_at timestamptz not null default now(),
        expires_at timestamptz not null,
        spent_at timestamptz,
        spent_order_id bigint,
        grant_key text not null unique
      );
      create index user_tickets_live on user_tickets (user_id, expires_at) where spent_at is null
    `,
    );
  },
};

export default migration;
