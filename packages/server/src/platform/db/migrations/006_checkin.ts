import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      -- Which ticket a 'discost' check-in day gives; none named means the first template.
      alter table signin_rewards add column ticket_template_id integer references ticket_templates(id);

      -- Extra views granted (check-in 'view' days), so the ledger shows every grant's size.
      alter table ledger add column extra_views integer not null default 0
    `,
    );
  },
};

export default migration;
