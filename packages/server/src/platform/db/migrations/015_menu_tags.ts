import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // Menus now select by their own tag (中文字幕: second tag, 独家: main tag; issue 25 item 13):
  // each walks newest-first or by views on an index, like every other list.
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      create index videos_type_second_tag_time on videos (type, second_tag, upload_date desc, id desc);
      create index videos_type_second_tag_views on videos (type, second_tag, views desc, id desc);
      create index videos_type_main_tag_time on videos (type, main_tag, upload_date desc, id desc);
      create index videos_type_main_tag_views on videos (type, main_tag, views desc, id desc)
    `,
    );
  },
};

export default migration;
