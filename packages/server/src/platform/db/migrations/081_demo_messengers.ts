import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // Issue 38 item 18: earlier demo seeds wrote placeholder Potato and Telegram links to hosts that
  // do not exist, and the member page showed them. Only those exact placeholders are cleared; an
  // operator's own links stay.
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      update settings set value = jsonb_set(value, '{potato}', '""') where key = 'messengers' and value ->> 'potato' = 'https://potato.example/streamapp';
      update settings set value = jsonb_set(value, '{telegream}', '""') where key = 'messengers' and value ->> 'telegream' = 'https://t.example/streamapp'
    `,
    );
  },
};

export default migration;
