import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // Feed ads (issue 24): an ad may show inside one block of the Recommend feed; it goes with
  // its block. Each home reads its feed ads in one index scan.
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      alter table ads add column block_id integer references recommend_blocks (id) on delete cascade;
      create index ads_block on ads (block_id, sort, id) where block_id is not null
    `,
    );
  },
};

export default migration;
