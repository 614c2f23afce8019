import {
  FOLLOWED_USER_VIDEOS,
  IMPORT_COOLDOWN_MIN,
  Status,
  SUGGESTED_CREATORS,
  type FollowedUser,
  type Locale,
  type VideoType,
} from '@app/contract';
import type { AppContext } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/errors.ts';
import { textIn } from '../../platform/script.ts';
import type { AppInfoService } from '../app-info/app-info.service.ts';
import { withVideoLikes, type BrowseService } from '../browse/browse.service.ts';
import type { LikeSets } from '../browse/like-sets.ts';
import { loadVideos } from '../catalogue/list-objects.ts';
import * as queries from './explore.queries.ts';

const MINUTE_MS = 60_000;
/** User ids start at 1, so this matches no follow. */
const NO_USER = 0;

/**
 * Explore (DECISIONS): creators are accounts with a public profile; any account may follow them,
 * and a VIP may copy a creator's videos of one type into their favourites.
 */
export function createExploreService(
  ctx: AppContext,
  browse: BrowseService,
  appInfo: AppInfoService,
  likes: LikeSets,
) {
  const { db } = ctx;

  /** Creators in the order given, with their newest videos and the caller's follow flag. */
  async function followedUsers(
    creatorIds: number[],
    userId: number | undefined,
    locale: Locale,
  ): Promise<FollowedUser[]> {
    if (creatorIds.length === 0) return [];
    const [profiles, links] = await Promise.all([
      queries.creatorProfiles(db, creatorIds, userId ?? NO_USER),
      queries.newestVideosOfCreators(db, creatorIds, FOLLOWED_USER_VIDEOS),
    ]);
    const videos = await withVideoLikes(
      likes,
      await loadVideos(
        db,
        links.map((link) => link.id),
        undefined,
        locale,
      ),
      userId,
    );
    const videoOf = new Map(videos.map((video) => [video.video_id, video]));
    const byCreator = new Map<number, typeof videos>();
    for (const link of links) {
      const video = videoOf.get(link.avkey);
      if (video) byCreator.set(link.creator_id, [...(byCreator.get(link.creator_id) ?? []), video]);
    }
    const profileOf = new Map(profiles.map((profile) => [profile.user_id, profile]));
    return creatorIds.flatMap((id) => {
      const profile = profileOf.get(id);
      if (!profile) return [];
      const own = byCreator.get(id) ?? [];
      return [
        {
          user_id: profile.user_id,
          user_name: textIn(locale, profile.name, profile.name_tw),
          user_img: profile.avatar,
          user_like: profile.followed_at !== null,
          user_followers: profile.followers,
          tags: locale === 'tw' ? profile.tags_tw : profile.tags,
          video: own,
          video_type: own[0]?.video_type ?? '',
        },
      ];
    });
  }

  return {
    async exploreVideos(type: VideoType, page: number, userId: number | undefined, locale: Locale) {
      const list = await browse.videoList({ type, order: 'time', creatorsOnly: true }, page, userId, locale);
      return { data: list.videos, total_results: list.total_results };
    },

    async follows(userId: number, page: number, locale: Locale) {
      const [ids, total] = await Promise.all([
        queries.followPage(db, userId, page),
        queries.countFollows(db, userId),
      ]);
      return { users: await followedUsers(ids, userId, locale), total_results: total };
    },

    /** Creators to follow: the empty Follow tab's suggestions (a creator is never suggested to themself). */
    async suggestions(userId: number | undefined, locale: Locale) {
      const ids = await queries.suggestedCreators(db, userId ?? NO_USER, SUGGESTED_CREATORS);
      return { users: await followedUsers(ids, userId, locale) };
    },

    async user(creatorId: number, userId: number | undefined, locale: Locale) {
      const [user] = await followedUsers([creatorId], userId, locale);
      if (!user) notFound('user_not_found');
      return { user };
    },

    async userVideos(
      creatorId: number,
      type: VideoType,
      page: number,
      userId: number | undefined,
      locale: Locale,
    ) {
      if (!(await queries.creatorExists(db, creatorId))) notFound('user_not_found');
      return browse.videoList({ type, order: 'time', creatorId }, page, userId, locale);
    },

    /** Follow or unfollow; doing either twice changes nothing the second time. */
    async setFollow(userId: number, creatorId: number, follow: boolean) {
      if (userId === creatorId) fail(Status.conflict, 'cannot_follow_self');
      return db.transaction().execute(async (trx) => {
        if (!(await queries.findCreatorForUpdate(trx, creatorId))) notFound('user_not_found');
        const changed = follow
          ? await queries.insertFollow(trx, userId, creatorId)
          : await queries.deleteFollow(trx, userId, creatorId);
        const followers = await queries.addToFollowers(trx, creatorId, changed ? (follow ? 1 : -1) : 0);
        return { user_id: creatorId, user_like: follow, user_followers: followers };
      });
    },

    /** VIP only, once per creator and type in 10 minutes (DECISIONS: explore, import). */
    async importVideos(userId: number, creatorId: number, type: VideoType) {
      const info = await appInfo.stored();
      if (!info.follower_import_switch) fail(Status.refused, 'import_switched_off');
      const vipUntil = await queries.vipUntil(db, userId);
      if (!vipUntil || vipUntil.getTime() <= Date.now()) fail(Status.refused, 'vip_required');
      return db
        .transaction()
        .execute(async (trx) => {
          if (!(await queries.findCreatorForUpdate(trx, creatorId))) notFound('user_not_found');
          if (!(await queries.claimImport(trx, userId, creatorId, type))) {
            const last = await queries.lastImport(trx, userId, creatorId, type);
            const waitMs = (last?.getTime() ?? Date.now()) + IMPORT_COOLDOWN_MIN * MINUTE_MS - Date.now();
            fail(Status.refused, 'import_wait', { wait_minutes: Math.max(1, Math.ceil(waitMs / MINUTE_MS)) });
          }
          return queries.importVideos(trx, userId, creatorId, type);
        })
        .then((imported) => {
          likes.forget(userId);
          return { user_id: creatorId, video_type: type, imported };
        });
    },
  };
}

export type ExploreService = ReturnType<typeof createExploreService>;
