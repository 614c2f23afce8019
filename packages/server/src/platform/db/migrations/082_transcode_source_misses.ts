import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // Issue 33 item 3: a job whose source is a path on another machine's disk (MEDIA_STORE=local,
  // several machines) is handed back by a worker that cannot read it, without counting an attempt;
  // the places that could not are kept so none of them takes it again, and when the first of them
  // tried, so the job fails as source_missing once no worker anywhere has read it for a while.
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      alter table transcode_jobs add column source_misses text[] not null default '{}';
      alter table transcode_jobs add column source_missed_at timestamptz
    `,
    );
  },
};

export default migration;
