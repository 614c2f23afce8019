import { PAGE_SIZE, type VideoType } from '@app/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

/** The video a like names; the key-share lock keeps it from being deleted before the like commits. */
export function findVideoForLike(db: Db, avkey: string) {
  return db
    .selectFrom('videos')
    .select(['id', 'type'])
    .where('avkey', '=', avkey)
    .forKeyShare()
    .executeTakeFirst();
}

export function findActorForLike(db: Db, actorId: number) {
  return db.selectFrom('actors').select('id').where('id', '=', actorId).forKeyShare().executeTakeFirst();
}

/** True when the like is new; liking a liked video changes nothing, not even its date. */
export async function insertVideoLike(
  db: Db,
  userId: number,
  video: { id: number; type: string },
): Promise<boolean> {
  const row = await db
    .insertInto('video_likes')
    .values({ user_id: userId, video_id: video.id, video_type: video.type })
    .onConflict((conflict) => conflict.columns(['user_id', 'video_id']).doNothing())
    .returning('video_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** True when there was a like to remove. */
export async function deleteVideoLike(db: Db, userId: number, videoId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('video_likes')
    .where('user_id', '=', userId)
    .where('video_id', '=', videoId)
    .returning('video_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** `videos.likes` counts the video's like rows; it changes in the transaction that adds or removes one. */
export async function addToVideoLikeCount(db: Db, videoId: number, change: 1 | -1) {
  await db
    .updateTable('videos')
    .set({ likes: sql<number>`greatest(likes + ${change}::int, 0)` })
    .where('id', '=', videoId)
    .execute();
}

export async function insertActorLike(db: Db, userId: number, actorId: number): Promise<void> {
  await db
    .insertInto('actor_likes')
    .values({ user_id: userId, actor_id: actorId })
    .onConflict((conflict) => conflict.columns(['user_id', 'actor_id']).doNothing())
    .execute();
}

export async function deleteActorLike(db: Db, userId: number, actorId: number): Promise<void> {
  await db.deleteFrom('actor_likes').where('user_id', '=', userId).where('actor_id', '=', actorId).execute();
}

/** One page of a user's liked videos of a type, newest like first (index video_likes_list). */
export async function videoLikePage(
  db: Db,
  userId: number,
  type: VideoType,
  page: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('video_likes')
    .select('video_id')
    .where('user_id', '=', userId)
    .where('video_type', '=', type)
    .orderBy('liked_at', 'desc')
    .orderBy('video_id', 'desc')
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return rows.map((row) => row.video_id);
}

export async function countVideoLikes(db: Db, userId: number, type: VideoType): Promise<number> {
  const row = await db
    .selectFrom('video_likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('video_type', '=', type)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of a user's liked actors, newest like first (index actor_likes_list). */
export async function actorLikePage(db: Db, userId: number, page: number): Promise<number[]> {
  const rows = await db
    .selectFrom('actor_likes')
    .select('actor_id')
    .where('user_id', '=', userId)
    .orderBy('liked_at', 'desc')
    .orderBy('actor_id', 'desc')
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .execute();
  return rows.map((row) => row.actor_id);
}

export async function countActorLikes(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('actor_likes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
