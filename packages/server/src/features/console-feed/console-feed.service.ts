import { mediaStoreOf } from '../../platform/media-store/index.ts';
import crypto from 'node:crypto';
import { FEED_ACTOR_VIDEOS, menuFilterSet, type VideoType } from '@app/contract';
import {
  adLinkOf,
  adLinkValue,
  AdInputSchema,
  BlockInputSchema,
  LAYOUT_CONTENTS,
  MenuInputSchema,
  type AdOrder,
  type BlockContent,
  type ConsoleAd,
  type ConsoleBlock,
  type ConsoleMenu,
  type FeedLayout,
  type FeedOrder,
  type Picked,
  type PickKind,
} from '@app/contract/console/feed';
import type { z } from 'zod';
import { bumpCacheVersion } from '../../platform/cache-versions.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/database.ts';
import { saveTagNames } from '../../platform/db/traditional-text.ts';
import { toSimplified, toTraditional } from '../../platform/script.ts';
import { newestVideosOfActors } from '../browse/browse.queries.ts';
import { MenuParamsSchema } from '../browse/menu-params.ts';
import { CATALOGUE_TOPIC } from '../catalogue/catalogue.service.ts';
import { consoleFail } from '../console/console-errors.ts';
import { storeEncryptedImage } from '../ingest/encrypted-images.ts';
import { recordAudit, type Actor } from '../operators/audit.ts';
import { appealImageType } from '../rewards/appeal-image.ts';
import { reencodePicture, SCREEN_PICTURE } from '../../media/images.ts';
import * as queries from './console-feed.queries.ts';

type MenuInput = z.output<typeof MenuInputSchema>;
type BlockInput = z.output<typeof BlockInputSchema>;
type AdInput = z.output<typeof AdInputSchema>;

/** What recommend_blocks.content holds (browse.service reads it): snake_case, only what the layout uses. */
interface StoredContent {
  tags?: string[];
  video_ids?: number[];
  actor_ids?: number[];
  studio_ids?: number[];
  category_ids?: number[];
  limit?: number;
  videos_per_actor?: number;
}

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((item): item is number => Number.isInteger(item)) : [];
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function contentOf(stored: unknown): BlockContent {
  const raw = (stored ?? {}) as Record<string, unknown>;
  return {
    videoIds: numbers(raw.video_ids),
    tags: strings(raw.tags),
    actorIds: numbers(raw.actor_ids),
    studioIds: numbers(raw.studio_ids),
    categoryIds: numbers(raw.category_ids),
    ...(Number.isInteger(raw.limit) && { limit: raw.limit as number }),
    ...(Number.isInteger(raw.videos_per_actor) && { videosPerActor: raw.videos_per_actor as number }),
  };
}

/** Keeps only what the layout shows, so a block changed from one layout to another carries nothing stale. */
function storedContent(layout: FeedLayout, content: BlockContent): StoredContent {
  const uses = new Set(LAYOUT_CONTENTS[layout]);
  return {
    ...(uses.has('tags') && content.tags.length > 0 && { tags: content.tags.map(toSimplified) }),
    ...(uses.has('videos') && content.videoIds.length > 0 && { video_ids: content.videoIds }),
    ...(uses.has('actors') && { actor_ids: content.actorIds }),
    ...(uses.has('studios') && { studio_ids: content.studioIds }),
    ...(uses.has('categories') && { category_ids: content.categoryIds }),
    ...((layout === 3 || layout === 4) && content.limit !== undefined && { limit: content.limit }),
    ...(layout === 5 && content.videosPerActor !== undefined && { videos_per_actor: content.videosPerActor }),
  };
}

/** The Traditional text: as typed, else the Simplified converted; a stale one follows a new Simplified. */
function traditional(text: string, typedTw: string, before?: { text: string; tw: string | null }): string {
  if (typedTw === '') return toTraditional(text);
  if (before && typedTw === before.tw && text !== before.text) return toTraditional(text);
  return typedTw;
}

/** Items in the order of `ids`, those no longer stored left out. */
function inOrder<T extends { id: number }>(ids: readonly number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

const picked = (row: {
  id: number;
  name: string;
  name_tw: string | null;
  image: string;
  type?: string;
  count?: unknown;
  views?: number;
  duration?: number;
  main_tag?: string;
}): Picked => ({
  id: Number(row.id),
  name: row.name,
  nameTw: row.name_tw ?? row.name,
  image: row.image,
  ...(row.type !== undefined && { type: row.type }),
  ...(row.count !== undefined && row.count !== null && { count: Number(row.count) }),
  ...(row.views !== undefined && { views: Number(row.views) }),
  ...(row.duration !== undefined && { duration: Number(row.duration) }),
  ...(row.main_tag !== undefined && { mainTag: row.main_tag }),
});

/**
 * Console: the homes' menus, the Recommend feed's blocks and the ads. Each change is written with
 * its audit entry in one transaction that also bumps the catalogue's cache version; this process
 * drops its cached catalogue replies at once, the others within their poll (cache-versions.ts).
 */
export function createConsoleFeedService(ctx: AppContext) {
  const { db } = ctx;

  /** One change: its rows, its audit entry and the cache version together, then this process's cache. */
  async function change<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    const result = await db.transaction().execute(async (trx) => {
      const value = await work(trx);
      await bumpCacheVersion(trx, CATALOGUE_TOPIC);
      return value;
    });
    ctx.cache.invalidate(CATALOGUE_TOPIC);
    return result;
  }

  // ---- menus ----

  function menuView(row: NonNullable<Awaited<ReturnType<typeof queries.menu>>>): ConsoleMenu {
    const params = MenuParamsSchema.parse(row.filter_params);
    const type = row.type as VideoType;
    return {
      id: row.id,
      type,
      name: row.name,
      nameTw: row.name_tw ?? '',
      ...params,
      filters: menuFilterSet(type, params.kind),
    };
  }

  const menuParams = (input: MenuInput) =>
    JSON.stringify({
      kind: input.kind,
      ...(input.tag && { tag: toSimplified(input.tag) }),
      ...(input.mainTag && { mainTag: input.mainTag }),
      ...(input.secondTag && { secondTag: input.secondTag }),
      ...(input.order && { order: input.order }),
      ...(input.top && { top: input.top }),
    });

  async function lockedMenu(trx: Db, id: number) {
    const row = await queries.menu(trx, id);
    if (!row) consoleFail(404, 'not_found');
    await queries.lockMenus(trx, row.type as VideoType);
    return (await queries.menu(trx, id)) ?? consoleFail(404, 'not_found');
  }

  // ---- blocks ----

  async function blockViews(rows: Awaited<ReturnType<typeof queries.blocks>>): Promise<ConsoleBlock[]> {
    const contents = rows.map((row) => contentOf(row.content));
    const all = (pick: (content: BlockContent) => number[]) => [...new Set(contents.flatMap(pick))];
    const [videos, actors, studios, categories, tagsTw] = await Promise.all([
      queries.videosByIds(
        db,
        all((content) => content.videoIds),
      ),
      queries.actorsByIds(
        db,
        all((content) => content.actorIds),
      ),
      queries.studiosByIds(
        db,
        all((content) => content.studioIds),
      ),
      queries.categoriesByIds(
        db,
        all((content) => content.categoryIds),
      ),
      queries.tagNamesTw(db, [...new Set(contents.flatMap((content) => content.tags))]),
    ]);
    const published = videos.filter((video) => video.unpublished_at === null);
    // 人气演员 shows each actor's videos on the phone: the same query the phone's feed runs.
    const actorLinks = await Promise.all(
      rows.map((row, index) =>
        row.layout === 5
          ? newestVideosOfActors(
              db,
              row.type as VideoType,
              contents[index]!.actorIds,
              contents[index]!.videosPerActor ?? FEED_ACTOR_VIDEOS,
            )
          : [],
      ),
    );
    const actorVideoRows = (
      await queries.videosByIds(db, [...new Set(actorLinks.flat().map((link) => link.video_id))])
    ).filter((video) => video.unpublished_at === null);
    return rows.map((row, index) => {
      const content = contents[index]!;
      const actorVideos =
        row.layout === 5
          ? content.actorIds.map((actorId) => ({
              actorId,
              videos: inOrder(
                actorLinks[index]!.filter((link) => link.actor_id === actorId).map((link) => link.video_id),
                actorVideoRows,
              ).map(picked),
            }))
          : undefined;
      return {
        id: row.id,
        type: row.type as VideoType,
        layout: row.layout,
        title: row.title,
        titleTw: row.title_tw ?? '',
        content,
        picked: {
          videos: inOrder(content.videoIds, published).map(picked),
          actors: inOrder(content.actorIds, actors).map(picked),
          studios: inOrder(content.studioIds, studios).map(picked),
          categories: inOrder(content.categoryIds, categories).map(picked),
          tagsTw: content.tags.map((tag) => tagsTw.get(tag) ?? tag),
          ...(actorVideos && { actorVideos }),
        },
      };
    });
  }

  async function oneBlock(id: number) {
    const row = await queries.block(db, id);
    if (!row) consoleFail(404, 'not_found');
    return (await blockViews([row]))[0]!;
  }

  /** Every picked id must name something the app can show in this home; each problem is a field. */
  async function checkContent(trx: Db, type: VideoType, layout: FeedLayout, content: BlockContent) {
    const uses = new Set(LAYOUT_CONTENTS[layout]);
    const fields: Record<string, string> = {};
    const missing = async (
      name: string,
      ids: number[],
      load: (ids: number[]) => Promise<{ id: number; type?: string; unpublished_at?: Date | null }[]>,
      wantType?: VideoType,
    ) => {
      if (ids.length === 0) return;
      const rows = await load(ids);
      const fine = new Set(
        rows
          .filter((row) => (wantType === undefined || row.type === wantType) && !row.unpublished_at)
          .map((row) => Number(row.id)),
      );
      if (ids.some((id) => !fine.has(id))) fields[`content.${name}`] = 'feed_pick_unknown';
    };
    if (uses.has('videos'))
      await missing('videoIds', content.videoIds, (ids) => queries.videosByIds(trx, ids), type);
    if (uses.has('actors'))
      await missing('actorIds', content.actorIds, (ids) => queries.actorsByIds(trx, ids));
    if (uses.has('studios'))
      await missing('studioIds', content.studioIds, (ids) => queries.studiosByIds(trx, ids));
    if (uses.has('categories'))
      await missing('categoryIds', content.categoryIds, (ids) => queries.categoriesByIds(trx, ids), type);
    // A block with nothing to show would be an empty title on the phone.
    if (layout === 3 && content.tags.length === 0) fields['content.tags'] = 'feed_block_empty';
    if ((layout === 5 || layout === 11) && content.actorIds.length === 0)
      fields['content.actorIds'] = 'feed_block_empty';
    if (layout === 10 && content.studioIds.length === 0) fields['content.studioIds'] = 'feed_block_empty';
    if ((layout === 12 || layout === 14) && content.categoryIds.length === 0)
      fields['content.categoryIds'] = 'feed_block_empty';
    if (Object.keys(fields).length > 0) consoleFail(400, 'invalid_input', fields);
  }

  // ---- ads ----

  function adView(row: NonNullable<Awaited<ReturnType<typeof queries.ad>>>): ConsoleAd {
    return {
      id: row.id,
      section: row.section as VideoType,
      placement: row.placement as ConsoleAd['placement'],
      blockId: row.block_id,
      title: row.title,
      titleTw: row.title_tw ?? '',
      image: row.image,
      link: adLinkOf(row.link),
      linkValue: row.link,
    };
  }

  /** A feed ad names a block of its own home; other placements have none. */
  async function adBlock(trx: Db, input: AdInput): Promise<number | null> {
    if (input.placement !== 'feed') {
      if (input.blockId !== undefined) consoleFail(400, 'invalid_input', { blockId: 'feed_ad_no_block' });
      return null;
    }
    if (input.blockId === undefined) consoleFail(400, 'invalid_input', { blockId: 'feed_required' });
    const target = await queries.block(trx, input.blockId);
    if (!target || target.type !== input.section)
      consoleFail(400, 'invalid_input', { blockId: 'feed_pick_unknown' });
    return target.id;
  }

  function checkOrder(current: { id: number }[], ids: readonly number[]) {
    const stored = new Set(current.map((row) => row.id));
    // Someone added or removed a row meanwhile: the operator reloads rather than losing it.
    if (stored.size !== ids.length || ids.some((id) => !stored.has(id))) consoleFail(409, 'feed_order_stale');
  }

  return {
    async menus(type: VideoType) {
      return { items: (await queries.menus(db, type)).map(menuView) };
    },

    async createMenu(operator: Actor, input: MenuInput) {
      return change(async (trx) => {
        await queries.lockMenus(trx, input.type);
        const { id } = await queries.insertMenu(trx, {
          type: input.type,
          name: input.name,
          name_tw: traditional(input.name, input.nameTw),
          filter_params: menuParams(input),
        });
        const after = menuView((await queries.menu(trx, id))!);
        await recordAudit(trx, operator, {
          action: 'menu.create',
          target: `menu:${id}`,
          before: null,
          after,
        });
        return after;
      });
    },

    async updateMenu(operator: Actor, id: number, input: MenuInput) {
      return change(async (trx) => {
        const row = await lockedMenu(trx, id);
        if (row.type !== input.type) consoleFail(400, 'invalid_input', { type: 'feed_type_fixed' });
        const before = menuView(row);
        await queries.updateMenu(trx, id, {
          name: input.name,
          name_tw: traditional(input.name, input.nameTw, { text: row.name, tw: row.name_tw }),
          filter_params: menuParams(input),
        });
        const after = menuView((await queries.menu(trx, id))!);
        await recordAudit(trx, operator, { action: 'menu.update', target: `menu:${id}`, before, after });
        return after;
      });
    },

    async deleteMenu(operator: Actor, id: number) {
      return change(async (trx) => {
        const row = await lockedMenu(trx, id);
        await queries.deleteMenu(trx, id);
        await recordAudit(trx, operator, {
          action: 'menu.delete',
          target: `menu:${id}`,
          before: menuView(row),
          after: null,
        });
        return { deleted: id };
      });
    },

    async orderMenus(operator: Actor, order: FeedOrder) {
      return change(async (trx) => {
        const current = await queries.lockMenus(trx, order.type);
        checkOrder(current, order.ids);
        const before = (await queries.menus(trx, order.type)).map((row) => row.id);
        await queries.sortRows(trx, 'menus', order.ids);
        await recordAudit(trx, operator, {
          action: 'menu.order',
          target: `menus:${order.type}`,
          before,
          after: order.ids,
        });
        return { items: (await queries.menus(trx, order.type)).map(menuView) };
      });
    },

    async blocks(type: VideoType) {
      return { items: await blockViews(await queries.blocks(db, type)) };
    },

    async createBlock(operator: Actor, input: BlockInput) {
      const layout = input.layout as FeedLayout;
      const id = await change(async (trx) => {
        await queries.lockBlocks(trx, input.type);
        await checkContent(trx, input.type, layout, input.content);
        const content = storedContent(layout, input.content);
        if (content.tags) await saveTagNames(trx, content.tags);
        const { id } = await queries.insertBlock(trx, {
          type: input.type,
          layout,
          title: input.title,
          title_tw: traditional(input.title, input.titleTw),
          content: JSON.stringify(content),
        });
        await recordAudit(trx, operator, {
          action: 'recommend_block.create',
          target: `recommend_block:${id}`,
          before: null,
          after: { type: input.type, layout, title: input.title, content },
        });
        return id;
      });
      return oneBlock(id);
    },

    async updateBlock(operator: Actor, id: number, input: BlockInput) {
      const layout = input.layout as FeedLayout;
      await change(async (trx) => {
        const row = await queries.block(trx, id);
        if (!row) consoleFail(404, 'not_found');
        await queries.lockBlocks(trx, row.type as VideoType);
        if (row.type !== input.type) consoleFail(400, 'invalid_input', { type: 'feed_type_fixed' });
        await checkContent(trx, input.type, layout, input.content);
        const content = storedContent(layout, input.content);
        if (content.tags) await saveTagNames(trx, content.tags);
        await queries.updateBlock(trx, id, {
          layout,
          title: input.title,
          title_tw: traditional(input.title, input.titleTw, { text: row.title, tw: row.title_tw }),
          content: JSON.stringify(content),
        });
        await recordAudit(trx, operator, {
          action: 'recommend_block.update',
          target: `recommend_block:${id}`,
          before: { layout: row.layout, title: row.title, content: row.content },
          after: { layout, title: input.title, content },
        });
      });
      return oneBlock(id);
    },

    /** The block goes, and the feed ads in it with it (ads.block_id cascades). */
    async deleteBlock(operator: Actor, id: number) {
      return change(async (trx) => {
        const row = await queries.block(trx, id);
        if (!row) consoleFail(404, 'not_found');
        await queries.lockBlocks(trx, row.type as VideoType);
        const ads = (await queries.ads(trx, row.type as VideoType)).filter((ad) => ad.block_id === id);
        await queries.deleteBlock(trx, id);
        await recordAudit(trx, operator, {
          action: 'recommend_block.delete',
          target: `recommend_block:${id}`,
          before: { ...row, ads },
          after: null,
        });
        return { deleted: id };
      });
    },

    async orderBlocks(operator: Actor, order: FeedOrder) {
      await change(async (trx) => {
        const current = await queries.lockBlocks(trx, order.type);
        checkOrder(current, order.ids);
        const before = (await queries.blocks(trx, order.type)).map((row) => row.id);
        await queries.sortRows(trx, 'recommend_blocks', order.ids);
        await recordAudit(trx, operator, {
          action: 'recommend_block.order',
          target: `recommend_blocks:${order.type}`,
          before,
          after: order.ids,
        });
      });
      return { items: await blockViews(await queries.blocks(db, order.type)) };
    },

    async ads(section: VideoType) {
      return { items: (await queries.ads(db, section)).map(adView) };
    },

    async createAd(operator: Actor, input: AdInput) {
      return change(async (trx) => {
        const blockId = await adBlock(trx, input);
        await queries.lockAdList(trx, input.section, input.placement, blockId);
        const { id } = await queries.insertAd(trx, {
          section: input.section,
          placement: input.placement,
          block_id: blockId,
          title: input.title,
          title_tw: traditional(input.title, input.titleTw),
          image: input.image,
          link: adLinkValue(input.link),
        });
        const after = adView((await queries.ad(trx, id))!);
        await recordAudit(trx, operator, { action: 'ad.create', target: `ad:${id}`, before: null, after });
        return after;
      });
    },

    async updateAd(operator: Actor, id: number, input: AdInput) {
      return change(async (trx) => {
        const row = await queries.ad(trx, id);
        if (!row) consoleFail(404, 'not_found');
        if (row.section !== input.section) consoleFail(400, 'invalid_input', { section: 'feed_type_fixed' });
        const blockId = await adBlock(trx, input);
        await queries.lockAdList(trx, input.section, input.placement, blockId);
        const before = adView(row);
        await queries.updateAd(trx, id, {
          placement: input.placement,
          block_id: blockId,
          title: input.title,
          title_tw: traditional(input.title, input.titleTw, { text: row.title, tw: row.title_tw }),
          image: input.image,
          link: adLinkValue(input.link),
        });
        const after = adView((await queries.ad(trx, id))!);
        await recordAudit(trx, operator, { action: 'ad.update', target: `ad:${id}`, before, after });
        return after;
      });
    },

    async deleteAd(operator: Actor, id: number) {
      return change(async (trx) => {
        const row = await queries.ad(trx, id);
        if (!row) consoleFail(404, 'not_found');
        await queries.deleteAd(trx, id);
        await recordAudit(trx, operator, {
          action: 'ad.delete',
          target: `ad:${id}`,
          before: adView(row),
          after: null,
        });
        return { deleted: id };
      });
    },

    async orderAds(operator: Actor, order: AdOrder) {
      await change(async (trx) => {
        const blockId = order.placement === 'feed' ? (order.blockId ?? null) : null;
        const current = await queries.lockAdList(trx, order.section, order.placement, blockId);
        checkOrder(current, order.ids);
        await queries.sortRows(trx, 'ads', order.ids);
        await recordAudit(trx, operator, {
          action: 'ad.order',
          target: `ads:${order.section}:${order.placement}${blockId === null ? '' : `:${blockId}`}`,
          before: current.map((row) => row.id),
          after: order.ids,
        });
      });
      return this.ads(order.section);
    },

    /** A banner picture, judged by its bytes, stored encrypted with the image-line key like every cover. */
    async storeImage(operator: Actor, bytes: Buffer): Promise<{ path: string }> {
      const type = appealImageType(bytes);
      if (!type) consoleFail(400, 'settings_image_type', { image: 'settings_image_type' });
      // Banners and pop-ups keep the shape the operator chose, no larger than a phone screen.
      const stored = await reencodePicture(bytes, type, SCREEN_PICTURE, { keepTransparency: true }).catch(
        () => consoleFail(400, 'invalid_input', { image: 'console_image_unreadable' }),
      );
      const name = `banners/${crypto.randomBytes(12).toString('hex')}.${stored.extension}`;
      const path = await storeEncryptedImage(
        mediaStoreOf(ctx.config),
        ctx.secrets.imageKey,
        name,
        stored.bytes,
      );
      await recordAudit(db, operator, {
        action: 'feed.image.upload',
        target: `image:${path}`,
        before: null,
        after: { path, type, bytes: bytes.length, stored: stored.bytes.length },
      });
      return { path };
    },

    async pick(kind: PickKind, type: VideoType, q: string) {
      const rows =
        kind === 'video'
          ? await queries.pickVideos(db, type, q)
          : kind === 'actor'
            ? await queries.pickActors(db, type, q)
            : kind === 'studio'
              ? await queries.pickStudios(db, q)
              : await queries.pickCategories(db, type, q);
      return { items: rows.map(picked) };
    },
  };
}

export type ConsoleFeedService = ReturnType<typeof createConsoleFeedService>;
