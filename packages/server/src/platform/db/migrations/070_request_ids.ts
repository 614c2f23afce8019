import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // The x-request-id of the request that made a transcode job (issue 35): the worker that runs it
  // logs it, so one upload is followed from the proxy through the web node to the worker.
  async up(db: Kysely<unknown>) {
    await runStatements(db, `alter table transcode_jobs add column request_id text`);
  },
};

export default migration;
