import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // Studios are reachable (issue 26 item 3): a studio's videos of one type newest first, and the
  // studios that have any of a type, each one short index scan. The empty Follow tab suggests
  // the most followed creators.
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      create index videos_studio on videos (studio_id, type, upload_date desc, id desc);
      create index creator_profiles_followers on creator_profiles (followers desc, user_id desc)
    `,
    );
  },
};

export default migration;
