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

/** The user's play of the video on a business day: read in the lock's statement and on its own. */
function dailyView(db: Db, userId: number, today: string, videoId: number) {
  return db
    .selectFrom('daily_views')
    .select('counted')
    .where('user_id', '=', userId)
    .where('business_day', '=', today)
    .where('video_id', '=', videoId);
}

/**
 * The user's VIP expiry and view counters, locked so two play pages cannot both spend the last view;
 * in the same statement, whether the user played the video this business day and when they liked it
 * (the one part of the video's card that is theirs).
 */
export function lockViewCounters(db: Db, userId: number, today: string, videoId: number) {
  return db
    .selectFrom('users')
    .select(['vip_expiry', 'views_day', 'views_used', 'extra_views_day', 'extra_views'])
    .select((eb) => [
      eb.exists(dailyView(db, userId, today, videoId)).as('viewed'),
      eb
        .selectFrom('video_likes')
        .select('liked_at')
        .where('user_id', '=', userId)
        .where('video_id', '=', videoId)
        .as('liked_at'),
    ])
    .where('id', '=', userId)
    .forUpdate('users')
    .executeTakeFirst();
}

/** Whether the user played the video this business day, read at the moment of asking. */
export async function playedToday(db: Db, userId: number, today: string, videoId: number) {
  return (await dailyView(db, userId, today, videoId).executeTakeFirst()) !== undefined;
}

/**
 * A first play of the day in one statement: its `daily_views` row and, when it spends a free view,
 * the counter on the user row (locked by lockViewCounters in the same transaction). False when the
 * row was there already: a second request of the same play, waiting on the user row's lock, read
 * `viewed` in lockViewCounters' snapshot from before the first committed, and must not count again.
 */
export async function recordFirstPlay(
  db: Db,
  play: { userId: number; today: string; videoId: number; used: number | null },
): Promise<boolean> {
  const viewed = {
    user_id: play.userId,
    business_day: play.today,
    video_id: play.videoId,
    counted: play.used !== null,
  };
  const insert = db
    .insertInto('daily_views')
    .values(viewed)
    .onConflict((conflict) => conflict.doNothing())
    .returning('user_id');
  if (play.used === null) return (await insert.executeTakeFirst()) !== undefined;
  const spent = await db
    .with('viewed', () => insert)
    .updateTable('users')
    .set({ views_day: play.today, views_used: play.used })
    .where('id', '=', play.userId)
    .where((eb) => eb.exists(eb.selectFrom('viewed').select('user_id')))
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
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
