import type { Db } from '../../platform/db/database.ts';
import { RowCache } from '../../platform/row-cache.ts';

/**
 * Each caller's likes (video keys with their like time, actor ids), kept in memory so that the
 * like flags of a cached list cost no query. A trigger announces every change on `likes_changed`
 * (migration 010) and each process drops that user's copy; the process that made the change drops
 * it at once, so its own next list is exact.
 */
export const LIKES_CHANGED_CHANNEL = 'likes_changed';
const LIKE_SETS_TTL_MS = 60_000;
const LIKE_SETS_MAX = 20_000;

export interface LikeSet {
  /** Video key → liked at, Unix seconds. */
  videos: Map<string, number>;
  actors: Set<number>;
}

export function createLikeSets(db: Db) {
  const rows = new RowCache<LikeSet>(LIKE_SETS_TTL_MS, LIKE_SETS_MAX);

  async function load(userId: number): Promise<LikeSet> {
    const [videos, actors] = await Promise.all([
      db
        .selectFrom('video_likes as vl')
        .innerJoin('videos as v', 'v.id', 'vl.video_id')
        .select(['v.avkey', 'vl.liked_at'])
        .where('vl.user_id', '=', userId)
        .execute(),
      db.selectFrom('actor_likes').select('actor_id').where('user_id', '=', userId).execute(),
    ]);
    return {
      videos: new Map(videos.map((row) => [row.avkey, Math.floor(row.liked_at.getTime() / 1000)])),
      actors: new Set(actors.map((row) => row.actor_id)),
    };
  }

  return {
    rows,
    async of(userId: number): Promise<LikeSet> {
      return (await rows.get(String(userId), () => load(userId)))!;
    },
    forget(userId: number): void {
      rows.drop(String(userId));
    },
  };
}

export type LikeSets = ReturnType<typeof createLikeSets>;
