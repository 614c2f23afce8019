import { sql, type Kysely, type Migration } from 'kysely';
import { TRADITIONAL_COLUMNS, fillTraditional } from '../traditional-text.ts';

const migration: Migration = {
  // Traditional Chinese (Taiwan wording) beside every catalogue text a user reads, converted with
  // OpenCC once here and by every writer afterwards, never per request (docs/decisions.md,
  // Traditional Chinese). A null `_tw` reads as the Simplified text. Chinese titles and tags are
  // stored in Simplified so the search text (built from them) is one script.
  async up(db: Kysely<unknown>) {
    for (const [table, columns] of Object.entries(TRADITIONAL_COLUMNS)) {
      for (const column of columns) {
        await sql`alter table ${sql.table(table)} add column ${sql.ref(`${column}_tw`)} text`.execute(db);
      }
    }
    await sql`create table tag_names (tag text primary key, tag_tw text not null)`.execute(db);
    // The language of the account's mail and SMS: the locale of its last code request.
    await sql`alter table users add column locale text`.execute(db);
    await fillTraditional(db);
  },
};

export default migration;
