import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      -- A row is the first time a user was given a video's source on a business day. VIP views are
      -- recorded too (the video's play count counts them once a day) but spend no free view.
      alter table daily_views add column counted boolean not null default true;
      alter table daily_views drop constraint daily_views_video_id_fkey;
      alter table daily_views add constraint daily_views_video_id_fkey
        foreign key (video_id) references videos(id) on delete cascade;

      create table video_reports (
        id bigserial primary key,
        user_id bigint not null references users(id) on delete cascade,
        video_id bigint not null references videos(id) on delete cascade,
        business_day date not null,
        report_type smallint not null,
        report_content text not null default '',
        device_os text not null default '',
        img_host text not null default '',
        stream_host text not null default '',
        created_at timestamptz not null default now(),
        -- One report per user, video and day: a repeat replaces it, so a user cannot flood the table.
        unique (user_id, video_id, business_day)
      );
      create index video_reports_video on video_reports (video_id, created_at desc)
    `,
    );
  },
};

export default migration;
