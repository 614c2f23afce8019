import { PAGE_SIZE, type VideoType } from '@app/contract';
import { VIEWS_EXHAUSTED_EVENT } from '@app/contract/console/dashboard';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

export function findVideo(db: Db, avkey: string) {
  return (
    db
      .selectFrom('videos')
      .select(['id', 'type', 'asset_id'])
      .where('avkey', '=', avkey)
      // An unpublished video's page is gone (404), like a video that never existed.
      .where('unpublished_at', 'is', null)
      .executeTakeFirst()
  );
}

/** The user's VIP expiry and view counters, locked so two play pages cannot both spend the last view. */
export function lockViewCounters(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['vip_expiry', 'views_day', 'views_used', 'extra_views_day', 'extra_views'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export function findDailyView(db: Db, userId: number, today: string, videoId: number) {
  return db
    .selectFrom('daily_views')
    .select('counted')
    .where('user_id', '=', userId)
    .where('business_day', '=', today)
    .where('video_id', '=', videoId)
    .executeTakeFirst();
}

export async function insertDailyView(
  db: Db,
  view: { userId: number; today: string; videoId: number; counted: boolean },
): Promise<void> {
  await db
    .insertInto('daily_views')
    .values({
      user_id: view.userId,
      business_day: view.today,
      video_id: view.videoId,
      counted: view.counted,
    })
    .execute();
}

export async function setViewsUsed(db: Db, userId: number, today: string, used: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ views_day: today, views_used: used })
    .where('id', '=', userId)
    .execute();
}

export async function recordViewsExhausted(db: Db, userId: number, avkey: string): Promise<void> {
  await db
    .insertInto('analytics_events')
    .values({ event: VIEWS_EXHAUSTED_EVENT, detail: avkey, user_id: userId })
    .execute();
}

export async function actorIdsOfVideo(db: Db, videoId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('video_actors')
    .select('actor_id')
    .where('video_id', '=', videoId)
    .orderBy('actor_id')
    .execute();
  return rows.map((row) => row.actor_id);
}

/**
 * Videos of `type` related to the video: each shared actor weighs 3, each shared category 2. Starting
 * from the video's own actors and categories keeps the work to the videos that share one (indexes
 * video_actors_actor and video_categories_category), not the whole catalogue.
 */
function relatedScores(db: Db, videoId: number, type: VideoType) {
  const shared = db
    .selectFrom('video_actors as mine')
    .innerJoin('video_actors as theirs', 'theirs.actor_id', 'mine.actor_id')
    .select(['theirs.video_id as video_id', sql<number>`3`.as('weight')])
    .where('mine.video_id', '=', videoId)
    .unionAll(
      db
        .selectFrom('video_categories as mine')
        .innerJoin('video_categories as theirs', 'theirs.category_id', 'mine.category_id')
        .select(['theirs.video_id as video_id', sql<number>`2`.as('weight')])
        .where('mine.video_id', '=', videoId),
    );
  return (
    db
      .selectFrom(shared.as('shared'))
      .innerJoin('videos as v', 'v.id', 'shared.video_id')
      .where('v.type', '=', type)
      .where('v.id', '<>', videoId)
      // An unpublished video is gone from every list, this one too.
      .where('v.unpublished_at', 'is', null)
      .groupBy(['v.id', 'v.views'])
      .select(['v.id', 'v.views', sql<number>`sum(shared.weight)`.as('score')])
  );
}

export async function relatedVideoPage(
  db: Db,
  videoId: number,
  type: VideoType,
  page: number,
): Promise<number[]> {
  const rows = await relatedScores(db, videoId, type)
    .orderBy('score', 'desc')
    .orderBy('v.views', 'desc')
    .orderBy('v.id', 'desc')
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return rows.map((row) => row.id);
}

export async function countRelatedVideos(db: Db, videoId: number, type: VideoType): Promise<number> {
  const row = await db
    .selectFrom(relatedScores(db, videoId, type).as('related'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function saveReport(
  db: Db,
  report: {
    userId: number;
    videoId: number;
    today: string;
    reportType: number;
    content: string;
    deviceOs: string;
    imgHost: string;
    streamHost: string;
  },
): Promise<void> {
  const values = {
    report_type: report.reportType,
    report_content: report.content,
    device_os: report.deviceOs,
    img_host: report.imgHost,
    stream_host: report.streamHost,
  };
  await db
    .insertInto('video_reports')
    .values({ user_id: report.userId, video_id: report.videoId, business_day: report.today, ...values })
    .onConflict((conflict) =>
      conflict
        .columns(['user_id', 'video_id', 'business_day'])
        .doUpdateSet({ ...values, created_at: sql`now()` }),
    )
    .execute();
}
