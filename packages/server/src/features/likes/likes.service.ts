import type { ActorPage, Locale, VideoPage, VideoType } from '@app/contract';
import type { AppContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { loadActors, loadVideos } from '../catalogue/list-objects.ts';
import * as queries from './likes.queries.ts';

/**
 * Likes belong to the user row, not to a session or a device: binding keeps the guest's row, and
 * signing in anywhere reaches the same row, so favourites follow the account.
 */
export function createLikesService(ctx: AppContext, onLikesChanged: (userId: number) => void = () => {}) {
  const { db } = ctx;

  return {
    /** Likes or unlikes the video named by its id and type; an id that names no video of that type is 404. */
    async setVideoLike(userId: number, videoId: string, type: VideoType, liked: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const video = await queries.findVideoForLike(trx, videoId);
        if (!video || video.type !== type) notFound('video_not_found');
        const changed = liked
          ? await queries.insertVideoLike(trx, userId, video)
          : await queries.deleteVideoLike(trx, userId, video.id);
        if (changed) await queries.addToVideoLikeCount(trx, video.id, liked ? 1 : -1);
      });
      // Copies of this user's likes (list flags) are stale from the commit on.
      onLikesChanged(userId);
    },

    async setActorLike(userId: number, actorId: number, liked: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await queries.findActorForLike(trx, actorId))) notFound();
        if (liked) await queries.insertActorLike(trx, userId, actorId);
        else await queries.deleteActorLike(trx, userId, actorId);
      });
      onLikesChanged(userId);
    },

    async likedVideos(userId: number, type: VideoType, page: number, locale: Locale): Promise<VideoPage> {
      const [ids, total] = await Promise.all([
        queries.videoLikePage(db, userId, type, page),
        queries.countVideoLikes(db, userId, type),
      ]);
      return { videos: await loadVideos(db, ids, userId, locale), total_results: total };
    },

    async likedActors(userId: number, page: number, locale: Locale): Promise<ActorPage> {
      const [ids, total] = await Promise.all([
        queries.actorLikePage(db, userId, page),
        queries.countActorLikes(db, userId),
      ]);
      return { actors: await loadActors(db, ids, userId, locale), total_results: total };
    },
  };
}

export type LikesService = ReturnType<typeof createLikesService>;
