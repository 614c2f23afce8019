import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // Issue 38 item 13: Taiwan writes a week 週 (週榜 in the app's catalogue), where OpenCC's s2twp
  // left 周 in the weekly plan 周卡. New text gets 週卡 from platform/script.ts; this mends the
  // Traditional text a database already holds (the plan, its orders, tickets naming it).
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      update plans set name_tw = replace(name_tw, '周卡', '週卡'), slogan_tw = replace(slogan_tw, '周卡', '週卡'), tag_tw = replace(tag_tw, '周卡', '週卡') where name_tw like '%周卡%' or slogan_tw like '%周卡%' or tag_tw like '%周卡%';
      update orders set name_tw = replace(name_tw, '周卡', '週卡') where name_tw like '%周卡%';
      update ticket_templates set name_tw = replace(name_tw, '周卡', '週卡'), slogan_tw = replace(slogan_tw, '周卡', '週卡') where name_tw like '%周卡%' or slogan_tw like '%周卡%'
    `,
    );
  },
};

export default migration;
