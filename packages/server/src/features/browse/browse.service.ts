import {
  CLASSIC_PAGE_SIZE,
  defaultMenuOrder,
  FEED_ACTOR_VIDEOS,
  FEED_BLOCK_VIDEOS,
  menuFilterSet,
  PAGE_SIZE,
  Status,
  TOP_VIDEOS,
  type Actor,
  type Category,
  type Locale,
  type MenuFilters,
  type MenuKind,
  type RecommendBlock,
  type Studio,
  type Video,
  type VideoType,
} from '@app/contract';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { fail, notFound } from '../../platform/errors.ts';
import { textIn, toSimplified } from '../../platform/script.ts';
import { CATALOGUE_TOPIC } from '../catalogue/catalogue.service.ts';
import { isVideoType, loadActors, loadVideos } from '../catalogue/list-objects.ts';
import * as queries from './browse.queries.ts';
import { MenuParamsSchema, type MenuParams } from './menu-params.ts';
import type { LikeSet, LikeSets } from './like-sets.ts';
import { ListCache } from './list-cache.ts';

const LIST_CACHE_TTL_MS = 30_000;
const LIST_CACHE_MAX = 5000;

/** What a block's `content` may hold (recommend_blocks.content); anything else is ignored. */
const BlockContentSchema = z
  .object({
    tags: z.array(z.string()).optional(),
    /** Videos an operator picked (console): the picker's row before a choice, the shuffle's pool. */
    video_ids: z.array(z.number().int()).optional(),
    category_ids: z.array(z.number().int()).optional(),
    actor_ids: z.array(z.number().int()).optional(),
    studio_ids: z.array(z.number().int()).optional(),
    limit: z.number().int().min(1).max(48).optional(),
    videos_per_actor: z.number().int().min(1).max(24).optional(),
  })
  .catch({});

type FeedAdRow = Awaited<ReturnType<typeof queries.feedAds>>[number];

/** A copy of `items` in random order (Fisher–Yates). */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

export interface VideoList {
  videos: Video[];
  total_results: number;
}

export function createBrowseService(ctx: AppContext, likes: LikeSets) {
  const { db } = ctx;
  const lists = new ListCache(LIST_CACHE_TTL_MS, LIST_CACHE_MAX);
  ctx.cache.onInvalidate(CATALOGUE_TOPIC, () => lists.clear());

  /** A page of a video list as everyone of a locale sees it; like flags come per caller. */
  function publicVideoList(
    selection: queries.VideoSelection,
    page: number,
    pageSize: number,
    locale: Locale,
  ) {
    const key = JSON.stringify(['videos', { ...selection, now: undefined }, page, pageSize, locale]);
    return lists.get(key, async (): Promise<VideoList> => {
      const ceiling = queries.countCeiling(page, pageSize);
      const offset = (page - 1) * pageSize;
      let ids: number[];
      let total: number;
      if (offset < ceiling - pageSize) {
        [ids, total] = await Promise.all([
          queries.videoPage(db, selection, page, pageSize),
          queries.countVideos(db, selection, ceiling),
        ]);
      } else {
        // Deep pages: a page past the end costs only the count.
        total = await queries.countVideos(db, selection, ceiling);
        ids = offset < total ? await queries.videoPage(db, selection, page, pageSize) : [];
      }
      return { videos: await loadVideos(db, ids, undefined, locale), total_results: total };
    });
  }

  async function videoList(
    selection: queries.VideoSelection,
    page: number,
    userId: number | undefined,
    locale: Locale,
    pageSize = PAGE_SIZE,
  ): Promise<VideoList> {
    const list = await publicVideoList({ ...selection, now: Date.now() }, page, pageSize, locale);
    return { videos: await withVideoLikes(likes, list.videos, userId), total_results: list.total_results };
  }

  async function menuOf(menuId: number, type: VideoType | undefined) {
    if (menuId === 0) {
      // Menu 0 is "every video of a type": the type is then required.
      if (!type) fail(Status.invalid, 'invalid_input: video_type');
      return { type, params: { kind: 'default' as MenuKind } as MenuParams };
    }
    const menu = await lists.get(`menu:${menuId}`, () => queries.findMenu(db, menuId));
    if (!menu || !isVideoType(menu.type) || (type && type !== menu.type)) notFound('menu_not_found');
    return { type: menu.type, params: MenuParamsSchema.parse(menu.filter_params) };
  }

  async function categoryOf(categoryId: number, type: VideoType) {
    const category = await lists.get(`category:${categoryId}`, () => queries.findCategory(db, categoryId));
    if (!category || category.type !== type) notFound('category_not_found');
  }

  /** Tags are stored in Simplified (they are keys); a `tw` caller reads their Traditional names. */
  async function tagsIn(locale: Locale, tags: readonly string[]): Promise<string[]> {
    if (locale === 'cn') return [...tags];
    const names = await lists.get('tag-names', async () => {
      const rows = await queries.tagNames(db);
      return new Map(rows.map((row) => [row.tag, row.tag_tw]));
    });
    return tags.map((tag) => names.get(tag) ?? tag);
  }

  async function categories(ids: readonly number[], locale: Locale): Promise<Category[]> {
    if (ids.length === 0) return [];
    const rows = await queries.categoriesWithCounts(db, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row
        ? [
            {
              category_id: row.id,
              category_name: textIn(locale, row.name, row.name_tw),
              category_image: row.image,
              category_video_count: Number(row.video_count ?? 0),
            },
          ]
        : [];
    });
  }

  async function block(
    type: VideoType,
    row: { id: number; layout: number; title: string; title_tw: string | null; content: unknown },
    chosenTags: string[],
    locale: Locale,
    feedAds: FeedAdRow[],
  ): Promise<RecommendBlock> {
    const content = BlockContentSchema.parse(row.content);
    const empty: RecommendBlock = {
      block_id: row.id,
      layout: row.layout,
      title: textIn(locale, row.title, row.title_tw),
      // Ads an operator put into this block (console feed ads), shown under its title.
      ads: feedAds
        .filter((ad) => ad.block_id === row.id)
        .map((ad) => ({
          ad_id: ad.id,
          ad_title: textIn(locale, ad.title, ad.title_tw),
          ad_img_url: ad.image,
          ad_link_url: ad.link,
        })),
      tags: [],
      videos: [],
      actors: [],
      studios: [],
      categories: [],
    };
    const limit = content.limit ?? FEED_BLOCK_VIDEOS;
    switch (row.layout) {
      case 1: {
        const ads = await queries.bannerAds(db, type);
        return {
          ...empty,
          ads: [
            ...ads.map((ad) => ({
              ad_id: ad.id,
              ad_title: textIn(locale, ad.title, ad.title_tw),
              ad_img_url: ad.image,
              ad_link_url: ad.link,
            })),
            ...empty.ads,
          ],
        };
      }
      case 3: {
        const tags = content.tags ?? [];
        const wanted = chosenTags.length > 0 ? chosenTags : tags;
        const picked = content.video_ids ?? [];
        // Before the user picks a tag, the operator's own videos (when there are any) stand in.
        const ids =
          chosenTags.length === 0 && picked.length > 0
            ? picked.slice(0, limit)
            : wanted.length > 0
              ? await queries.videosWithAnyTag(db, type, wanted, limit)
              : [];
        return {
          ...empty,
          tags: await tagsIn(locale, tags),
          videos: await loadVideos(db, ids, undefined, locale),
        };
      }
      case 4: {
        const pool = content.video_ids ?? [];
        // An operator's pool is shuffled in memory; otherwise a random place of the whole type.
        const ids =
          pool.length > 0
            ? shuffled(pool, Math.random).slice(0, limit)
            : await queries.shuffledVideos(db, type, limit, Math.random);
        return { ...empty, videos: await loadVideos(db, ids, undefined, locale) };
      }
      case 5: {
        const actorIds = content.actor_ids ?? [];
        const [actors, links] = await Promise.all([
          loadActors(db, actorIds, undefined, locale),
          queries.newestVideosOfActors(db, type, actorIds, content.videos_per_actor ?? FEED_ACTOR_VIDEOS),
        ]);
        return {
          ...empty,
          actors: await Promise.all(
            actors.map(async (actor) => ({
              ...actor,
              videos: await loadVideos(
                db,
                links.filter((link) => link.actor_id === actor.actor_id).map((link) => link.video_id),
                undefined,
                locale,
              ),
            })),
          ),
        };
      }
      case 10: {
        const ids = content.studio_ids ?? [];
        const rows = ids.length > 0 ? await queries.studios(db, ids) : [];
        const byId = new Map(rows.map((studio) => [studio.id, studio]));
        return {
          ...empty,
          studios: ids.flatMap((id) => {
            const studio = byId.get(id);
            return studio ? [studioOf(studio, locale)] : [];
          }),
        };
      }
      case 11: {
        const actors = await loadActors(db, content.actor_ids ?? [], undefined, locale);
        return { ...empty, actors: actors.map((actor) => ({ ...actor, videos: [] })) };
      }
      case 12:
      case 14:
        return { ...empty, categories: await categories(content.category_ids ?? [], locale) };
      default:
        return empty;
    }
  }

  return {
    // The reply itself is kept, per locale: its JSON is then made once too (kept-json.ts).
    homeMenus(type: VideoType, locale: Locale) {
      return lists.get(JSON.stringify(['menus', type, locale]), async () => {
        const rows = await queries.menusOfType(db, type);
        return {
          menus: rows.map((row) => {
            const { kind } = MenuParamsSchema.parse(row.filter_params);
            return {
              menu_id: row.id,
              menu_name: textIn(locale, row.name, row.name_tw),
              filterParams: { kind, filters: menuFilterSet(type, kind) },
            };
          }),
        };
      });
    },

    /** The interest picker's tags: those of the type's layout-3 block. */
    async homeTags(type: VideoType, locale: Locale) {
      const blocks = await lists.get(`blocks:${type}`, () => queries.recommendBlocks(db, type));
      const picker = blocks.find((row) => row.layout === 3);
      return {
        tags: await tagsIn(locale, picker ? (BlockContentSchema.parse(picker.content).tags ?? []) : []),
      };
    },

    /** Block 0 is the whole feed; another id is that block alone, drawn afresh (shuffle's next batch). */
    async recommend(
      type: VideoType,
      blockId: number,
      chosenTags: string[],
      userId: number | undefined,
      locale: Locale,
    ) {
      const [rows, feedAds] = await Promise.all([
        lists.get(`blocks:${type}`, () => queries.recommendBlocks(db, type)),
        lists.get(`feed-ads:${type}`, () => queries.feedAds(db, type)),
      ]);
      // A tw caller picks Traditional tag names; the stored tags are Simplified.
      const tags = chosenTags.map(toSimplified);
      let blocks: RecommendBlock[];
      if (blockId === 0) {
        blocks = await lists.get(JSON.stringify(['feed', type, tags, locale]), () =>
          Promise.all(rows.map((row) => block(type, row, tags, locale, feedAds))),
        );
      } else {
        const row = rows.find((candidate) => candidate.id === blockId);
        if (!row) notFound();
        blocks = [await block(type, row, tags, locale, feedAds)];
      }
      return { blocks: await withBlockLikes(likes, blocks, userId) };
    },

    async menuList(
      menuId: number,
      query: {
        video_type?: VideoType;
        order?: queries.VideoOrder;
        filters: MenuFilters;
        category?: number;
        list?: string;
        page: number;
      },
      userId: number | undefined,
      locale: Locale,
    ): Promise<VideoList> {
      const menu = await menuOf(menuId, query.video_type);
      const { params } = menu;
      if (query.category !== undefined) await categoryOf(query.category, menu.type);
      return videoList(
        {
          type: menu.type,
          order: query.order ?? params.order ?? defaultMenuOrder(params.kind),
          filters: { ...(params.top ? { top: params.top } : {}), ...query.filters },
          menu: { tag: params.tag, mainTag: params.mainTag, secondTag: params.secondTag },
          categoryId: query.category,
          tag: query.list === undefined ? undefined : toSimplified(query.list),
        },
        query.page,
        userId,
        locale,
      );
    },

    async actors(
      query: { original: number; order: 'views' | 'vcount'; filters: MenuFilters; page: number },
      userId: number | undefined,
      locale: Locale,
    ) {
      const selection = { original: query.original, order: query.order, cup: query.filters.cup };
      const list = await lists.get(JSON.stringify(['actors', selection, query.page, locale]), async () => {
        const [ids, total] = await Promise.all([
          queries.actorPage(db, selection, query.page, PAGE_SIZE),
          queries.countActors(db, selection, queries.countCeiling(query.page, PAGE_SIZE)),
        ]);
        return { actors: await loadActors(db, ids, undefined, locale), total_results: total };
      });
      return { actors: await withActorLikes(likes, list.actors, userId), total_results: list.total_results };
    },

    async actorPage(actorId: number, page: number, userId: number | undefined, locale: Locale) {
      const found = await lists.get(JSON.stringify(['actor', actorId, page, locale]), async () => {
        const actor = await queries.findActor(db, actorId);
        if (!actor) return undefined;
        const [[loaded], ids, total] = await Promise.all([
          loadActors(db, [actorId], undefined, locale),
          queries.actorVideoPage(db, actorId, page, PAGE_SIZE),
          queries.countActorVideos(db, actorId),
        ]);
        return {
          actor: loaded!,
          actor_url: actor.image,
          videos: await loadVideos(db, ids, undefined, locale),
          total_results: total,
        };
      });
      if (!found) notFound();
      const [[actor], videos] = await Promise.all([
        withActorLikes(likes, [found.actor], userId),
        withVideoLikes(likes, found.videos, userId),
      ]);
      return { ...found, actor: actor!, videos };
    },

    /** The studios with videos of the type (original's publisher tab), 24 a page. */
    async studios(type: VideoType, page: number, locale: Locale) {
      return lists.get(JSON.stringify(['studios', type, page, locale]), async () => {
        const [rows, total] = await Promise.all([
          queries.studioPage(db, type, page, PAGE_SIZE),
          queries.countStudios(db, type),
        ]);
        return { studios: rows.map((row) => studioOf(row, locale)), total_results: total };
      });
    },

    /** A studio and its videos of one type, newest first; an unknown studio is 404. */
    async studioPage(
      studioId: number,
      type: VideoType,
      page: number,
      userId: number | undefined,
      locale: Locale,
    ) {
      const [row] = await lists.get(`studio:${studioId}`, () => queries.studios(db, [studioId]));
      if (!row) notFound();
      const list = await videoList({ type, order: 'time', studioId }, page, userId, locale);
      return { studio: studioOf(row, locale), ...list };
    },

    popularKeywords(locale: Locale) {
      return lists.get(JSON.stringify(['keywords', locale]), async () => {
        const keywords: Record<VideoType, string[]> = { long: [], short: [], original: [] };
        for (const row of await queries.keywords(db)) {
          if (isVideoType(row.type)) keywords[row.type].push(textIn(locale, row.keyword, row.keyword_tw));
        }
        return { keywords };
      });
    },

    async topVideos(type: VideoType, userId: number | undefined, locale: Locale) {
      const list = await publicVideoList({ type, order: 'views' }, 1, TOP_VIDEOS, locale);
      return { videos: await withVideoLikes(likes, list.videos, userId) };
    },

    /** Script-blind: the query is read in Simplified, as the search text is stored (migration 013). */
    search(type: VideoType, search: string, page: number, userId: number | undefined, locale: Locale) {
      return videoList({ type, order: 'time', search: toSimplified(search) }, page, userId, locale);
    },

    classic(type: VideoType, page: number, userId: number | undefined, locale: Locale) {
      return videoList({ type, order: 'views' }, page, userId, locale, CLASSIC_PAGE_SIZE);
    },

    videoList,

    async adClick(url: string, userId: number | undefined) {
      await queries.recordAdClick(db, url, userId);
      return {};
    },
  };
}

export type BrowseService = ReturnType<typeof createBrowseService>;

function studioOf(
  row: { id: number; name: string; name_tw: string | null; image: string },
  locale: Locale,
): Studio {
  return { studio_id: row.id, studio_name: textIn(locale, row.name, row.name_tw), studio_image: row.image };
}

/** The caller's like flags on videos everyone sees the same way. */
export async function withVideoLikes(
  likes: LikeSets,
  videos: Video[],
  userId: number | undefined,
): Promise<Video[]> {
  if (userId === undefined || videos.length === 0) return videos;
  return flagVideos(videos, await likes.of(userId));
}

export async function withActorLikes<T extends Actor>(
  likes: LikeSets,
  actors: T[],
  userId: number | undefined,
): Promise<T[]> {
  if (userId === undefined || actors.length === 0) return actors;
  return flagActors(actors, await likes.of(userId));
}

function flagVideos(videos: Video[], liked: LikeSet): Video[] {
  if (liked.videos.size === 0) return videos;
  return videos.map((video) => {
    const at = liked.videos.get(video.video_id);
    return at === undefined ? video : { ...video, video_like: true, video_like_date: at };
  });
}

function flagActors<T extends Actor>(actors: T[], liked: LikeSet): T[] {
  if (liked.actors.size === 0) return actors;
  return actors.map((actor) => (liked.actors.has(actor.actor_id) ? { ...actor, actor_like: true } : actor));
}

/** The feed is the busiest list: one look at the caller's likes, and nothing rebuilt without any. */
async function withBlockLikes(likes: LikeSets, blocks: RecommendBlock[], userId: number | undefined) {
  if (userId === undefined) return blocks;
  const liked = await likes.of(userId);
  if (liked.videos.size === 0 && liked.actors.size === 0) return blocks;
  return blocks.map((one) => ({
    ...one,
    videos: flagVideos(one.videos, liked),
    actors: flagActors(one.actors, liked).map((actor) => ({
      ...actor,
      videos: flagVideos(actor.videos, liked),
    })),
  }));
}
