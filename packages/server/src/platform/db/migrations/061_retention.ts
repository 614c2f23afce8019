import { type Kysely, type Migration } from 'kysely';
import { runStatements } from './run-statements.ts';

const migration: Migration = {
  // daily_views is read per video too (a deleted video's cascade, the retention job's guests):
  // its primary key leads with user_id and 017's index with the day, so a video's rows needed a
  // scan. The age-based deletes need no new index on the hot append-only tables (events, ad
  // clicks, outbox): their ids grow with time, so the job walks the primary key (platform/retention.ts).
  // A guest's sessions (ended ones too) are looked up when the job asks whether it was seen lately
  // and when it deletes the guest; 001's index holds live sessions only.
  async up(db: Kysely<unknown>) {
    await runStatements(
      db,
      `
      create index daily_views_video on daily_views (video_id);
      create index sessions_user on sessions (user_id, last_seen_at)
    `,
    );
  },
};

export default migration;
