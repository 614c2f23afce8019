import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // Issue 37 §11: a start-up failure reported with a token the server refuses (a banned account,
  // an ended or lapsed session) is the account's, not the line's. The flag is kept with the event
  // and the dashboard's per-line count reads it from the index it walks.
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      alter table analytics_events add column account_refused boolean not null default false;
      create index analytics_events_event_created_2 on analytics_events (event, created_at) include (line, account_refused);
      drop index analytics_events_event_created
    `,
    );
  },
};

export default migration;
