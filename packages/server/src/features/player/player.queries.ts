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

/** The user's play of the video on a business day: read in the play's statement and on its own. */
function dailyView(db: Db, userId: number, today: string, videoId: number) {
  return db
    .selectFrom('daily_views')
    .select('counted')
    .where('user_id', '=', userId)
    .where('business_day', '=', today)
    .where('video_id', '=', videoId);
}

/** What one play of a video found and did: the user's row as it was locked, and whether it counted. */
export interface PlayRecord {
  vip_expiry: Date | null;
  views_day: string | null;
  views_used: number;
  extra_views_day: string | null;
  extra_views: number;
  liked_at: Date | null;
  vip: boolean;
  /** Played this business day before this request (read before the lock: see playVideo). */
  viewed: boolean;
  /** Not VIP, and the day's free views were all spent when the row was locked. */
  exhausted: boolean;
  /** This request wrote the day's play: a first play. */
  first_play: boolean;
}

/**
 * A play of a video in one statement, one round trip and no transaction held open between them:
 * it locks the user row (two play pages cannot both spend the last view), reads whether the video
 * was played this business day and when the user liked it, and, when it is a first play the user
 * may have, writes the day's play with the counter on the user row (a free view spent unless VIP)
 * and, when `countInBuffer`, the video's play in the buffer table (view-counts.ts).
 * The day's play is written `on conflict do nothing`: a second request of the same play, waiting on
 * the lock, read `viewed` in the statement's snapshot from before the first committed; its insert
 * finds the row and counts nothing (the locked row's counters are the latest, the snapshot's reads
 * are not: playedToday reads again before a refusal).
 */
export async function playVideo(
  db: Db,
  play: {
    userId: number;
    today: string;
    videoId: number;
    now: Date;
    dailyFree: number;
    countInBuffer: boolean;
  },
): Promise<PlayRecord | undefined> {
  const { userId, today, videoId } = play;
  const liked = db
    .selectFrom('video_likes')
    .select('liked_at')
    .where('user_id', '=', userId)
    .where('video_id', '=', videoId);
  // The day's counters of todaysViews (platform/daily-views.ts), on the locked row.
  const result = await sql<PlayRecord>`
    with me as (
      select vip_expiry, views_day, views_used, extra_views_day, extra_views,
        coalesce(vip_expiry > ${play.now}, false) as vip,
        case when views_day = ${today}::date then views_used else 0 end as used,
        ${play.dailyFree}::int + case when extra_views_day = ${today}::date then extra_views else 0 end as total,
        exists(${dailyView(db, userId, today, videoId)}) as viewed,
        (${liked}) as liked_at
      from users where id = ${userId}
      for update
    ),
    played as (
      insert into daily_views (user_id, business_day, video_id, counted)
      select ${userId}, ${today}::date, ${videoId}, not vip from me
      where not viewed and (vip or used < total)
      on conflict do nothing
      returning counted
    ),
    spent as (
      update users set views_day = ${today}::date, views_used = me.used + 1
      from me, played
      where users.id = ${userId} and played.counted
    ),
    buffered as (
      insert into video_view_buffer (video_id) select ${videoId}::bigint from played where ${play.countInBuffer}
    )
    select vip_expiry, views_day, views_used, extra_views_day, extra_views, liked_at, vip, viewed,
      not vip and used >= total as exhausted,
      exists (select 1 from played) as first_play
    from me`.execute(db);
  return result.rows[0];
}

/** Whether the user played the video this business day, read at the moment of asking. */
export async function playedToday(db: Db, userId: number, today: string, videoId: number) {
  return (await dailyView(db, userId, today, videoId).executeTakeFirst()) !== undefined;
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
