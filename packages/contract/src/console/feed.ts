import { z } from 'zod';
import { consolePathId } from './list.ts';
import { MAIN_TAGS, SECOND_TAGS, TOP_PERIODS, VIDEO_ORDERS, VIDEO_TYPES } from '../constants.ts';
import { MENU_KINDS, type FilterRow } from '../menu-filters.ts';
import { AD_LINK_KEYWORDS, ImagePathSchema, SETTINGS_LINK_MAX } from './settings.ts';
import type { OperatorRole } from './operators.ts';

/**
 * Operator console, catalogue presentation (issue 24): the homes' menus and their filter sets, the
 * Recommend feed's blocks (layout, contents, order), banners and feed ads. Every request and reply
 * of `/admin/api/feed/*` is here, each string, number and list bounded.
 */

/** What the phone app shows is content: the owner and editors arrange it (docs/decisions.md). */
export const FEED_ROLES: readonly OperatorRole[] = ['owner', 'editor'];

/** The feed's block layouts (part 2 §2.2) and what each holds. */
export const FEED_LAYOUTS = [1, 3, 4, 5, 10, 11, 12, 14] as const;
export type FeedLayout = (typeof FEED_LAYOUTS)[number];
/** Which picked contents a layout uses; the editor offers only these. */
export const LAYOUT_CONTENTS: Record<
  FeedLayout,
  readonly ('videos' | 'tags' | 'actors' | 'studios' | 'categories')[]
> = {
  1: [],
  3: ['tags', 'videos'],
  4: ['videos'],
  5: ['actors'],
  10: ['studios'],
  11: ['actors'],
  12: ['categories'],
  14: ['categories'],
};

export const FEED_TITLE_MAX = 40;
export const FEED_MENU_NAME_MAX = 20;
export const FEED_TAG_MAX = 20;
export const FEED_BLOCK_VIDEOS_MAX = 48;
export const FEED_BLOCK_TAGS_MAX = 30;
export const FEED_BLOCK_ACTORS_MAX = 30;
export const FEED_BLOCK_STUDIOS_MAX = 30;
export const FEED_BLOCK_CATEGORIES_MAX = 60;
/** Blocks, menus or ads of one home: more would be a list nobody scrolls. */
export const FEED_ROWS_MAX = 50;
/** Search pickers: at most this many answers per search. */
export const FEED_PICK_LIMIT = 20;
export const FEED_PICK_QUERY_MAX = 100;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A one-line text the app shows as text (never as HTML): no control characters. */
const line = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min, 'feed_required')
    .max(max, 'feed_too_long')
    .refine((value) => !CONTROL.test(value), 'feed_control_chars');

const id = z.number().int().min(1).max(2_147_483_647);
const ids = (max: number) =>
  z
    .array(id)
    .max(max, 'feed_too_many')
    .refine((list) => new Set(list).size === list.length, 'feed_duplicate');

export const FeedTypeSchema = z.enum(VIDEO_TYPES);
export const FeedTypeQuerySchema = z.object({ type: FeedTypeSchema });
export const FeedIdParamsSchema = z.object({ id: consolePathId() });

/** A new order of a home's rows: every row of that home, each once, first shown first. */
export const FeedOrderSchema = z.object({ type: FeedTypeSchema, ids: ids(FEED_ROWS_MAX).min(1) }).strict();
export type FeedOrder = z.infer<typeof FeedOrderSchema>;

// ---- menus ----

/** A menu tab of a home and what its list is (menu-params on the server); `kind` picks the filter sheet. */
export const MenuInputSchema = z
  .object({
    type: FeedTypeSchema,
    name: line(FEED_MENU_NAME_MAX, 1),
    /** Empty: the Simplified name converted with OpenCC when saved. */
    nameTw: line(FEED_MENU_NAME_MAX).default(''),
    kind: z.enum(MENU_KINDS),
    tag: line(FEED_TAG_MAX).optional(),
    mainTag: z.enum(MAIN_TAGS).optional(),
    secondTag: z.enum(SECOND_TAGS).optional(),
    order: z.enum(VIDEO_ORDERS).optional(),
    top: z.enum(TOP_PERIODS).optional(),
  })
  .strict();
export type MenuInput = z.input<typeof MenuInputSchema>;

export const ConsoleMenuSchema = z.object({
  id: z.number().int(),
  type: FeedTypeSchema,
  name: z.string(),
  nameTw: z.string(),
  kind: z.enum(MENU_KINDS),
  tag: z.string().optional(),
  mainTag: z.enum(MAIN_TAGS).optional(),
  secondTag: z.enum(SECOND_TAGS).optional(),
  order: z.enum(VIDEO_ORDERS).optional(),
  top: z.enum(TOP_PERIODS).optional(),
  /** The filter sheet's rows the app shows for this menu (menuFilterSet). */
  filters: z.array(z.string()),
});
export type ConsoleMenu = z.infer<typeof ConsoleMenuSchema> & { filters: FilterRow[] };
export const ConsoleMenusSchema = z.object({ items: z.array(ConsoleMenuSchema) });

// ---- blocks ----

export const BlockContentSchema = z
  .object({
    videoIds: ids(FEED_BLOCK_VIDEOS_MAX).default([]),
    tags: z
      .array(line(FEED_TAG_MAX, 1))
      .max(FEED_BLOCK_TAGS_MAX, 'feed_too_many')
      .refine((list) => new Set(list).size === list.length, 'feed_duplicate')
      .default([]),
    actorIds: ids(FEED_BLOCK_ACTORS_MAX).default([]),
    studioIds: ids(FEED_BLOCK_STUDIOS_MAX).default([]),
    categoryIds: ids(FEED_BLOCK_CATEGORIES_MAX).default([]),
    /** Videos a block shows at once (interest picker, shuffle). */
    limit: z.number().int().min(1).max(FEED_BLOCK_VIDEOS_MAX).optional(),
    /** Videos under each actor (layout 5). */
    videosPerActor: z.number().int().min(1).max(24).optional(),
  })
  .strict();
export type BlockContent = z.output<typeof BlockContentSchema>;

export const BlockInputSchema = z
  .object({
    type: FeedTypeSchema,
    layout: z
      .number()
      .int()
      .refine((value) => (FEED_LAYOUTS as readonly number[]).includes(value), 'feed_layout_unknown')
      .transform((value) => value as FeedLayout),
    title: line(FEED_TITLE_MAX),
    titleTw: line(FEED_TITLE_MAX).default(''),
    content: BlockContentSchema.default({
      videoIds: [],
      tags: [],
      actorIds: [],
      studioIds: [],
      categoryIds: [],
    }),
  })
  .strict();
export type BlockInput = z.input<typeof BlockInputSchema>;

/** A picked item as the editor shows it: its name and picture (a stored `/img/…` path). */
export const PickedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The name in Traditional (a video's Chinese title), what a zh-TW console shows. */
  nameTw: z.string(),
  image: z.string(),
  /** Videos: the type; categories: the type; others: absent. */
  type: z.string().optional(),
  /** Categories: their video count (the app's tile shows it). */
  count: z.number().int().optional(),
  /** Videos: what the app's card shows over the cover (plays, seconds, main tag). */
  views: z.number().int().optional(),
  duration: z.number().int().optional(),
  mainTag: z.string().optional(),
});
export type Picked = z.infer<typeof PickedSchema>;

export const ConsoleBlockSchema = z.object({
  id: z.number().int(),
  type: FeedTypeSchema,
  layout: z.number().int(),
  title: z.string(),
  titleTw: z.string(),
  content: z.object({
    videoIds: z.array(z.number().int()),
    tags: z.array(z.string()),
    actorIds: z.array(z.number().int()),
    studioIds: z.array(z.number().int()),
    categoryIds: z.array(z.number().int()),
    limit: z.number().int().optional(),
    videosPerActor: z.number().int().optional(),
  }),
  /** The picked items, named, in the block's order (ids no longer in the catalogue are left out). */
  picked: z.object({
    videos: z.array(PickedSchema),
    actors: z.array(PickedSchema),
    studios: z.array(PickedSchema),
    categories: z.array(PickedSchema),
    /** `content.tags` in Traditional (tag_names), in their order. */
    tagsTw: z.array(z.string()),
    /**
     * Layout 5 (人气演员): each picked actor's videos as the phone's feed shows them under the
     * actor (its newest published ones of this home's type, `videosPerActor` of them).
     */
    actorVideos: z.array(z.object({ actorId: z.number().int(), videos: z.array(PickedSchema) })).optional(),
  }),
});
export type ConsoleBlock = z.infer<typeof ConsoleBlockSchema>;
export const ConsoleBlocksSchema = z.object({ items: z.array(ConsoleBlockSchema) });

// ---- banners and feed ads ----

/**
 * Where an ad shows: `poster` the banner slider at the top of a home's Recommend tab (the app's
 * start-up ad posters), `feed` inside one feed block, `banner` the layout-1 block's list of the
 * feed API (the app draws its slider from the posters instead; docs/decisions.md).
 */
export const AD_PLACEMENTS = ['poster', 'feed', 'banner'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

/** What a tap on the ad does (part 2 §2.2); `none` is stored as `false`. `tea` is out of scope. */
export const AD_LINK_TYPES = ['url', 'vip', 'newvip', 'share', 'email', 'none'] as const;
export type AdLinkType = (typeof AD_LINK_TYPES)[number];
/** The picker's words for each link type (issue 37 §13): operators never pick a raw keyword. */
export const AD_LINK_TYPE_WORDS: Record<AdLinkType, { cn: string; tw: string }> = {
  url: { cn: '外部网址', tw: '外部網址' },
  vip: { cn: 'VIP 页面', tw: 'VIP 頁面' },
  newvip: { cn: '特惠页面', tw: '特惠頁面' },
  share: { cn: '分享页面', tw: '分享頁面' },
  email: { cn: '邮箱', tw: '電子郵件' },
  none: { cn: '无链接', tw: '無連結' },
};

function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A link type and, for `url`, its http(s) address; the other types carry no value. */
export const AdLinkInputSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('url'),
      url: z.string().trim().max(SETTINGS_LINK_MAX, 'feed_too_long').refine(isWebUrl, 'feed_link_invalid'),
    })
    .strict(),
  z.object({ type: z.enum(['vip', 'newvip', 'share', 'email', 'none']) }).strict(),
]);
export type AdLinkInput = z.infer<typeof AdLinkInputSchema>;

/** The link value the app reads (`ad_link_url`). */
export function adLinkValue(link: AdLinkInput): string {
  if (link.type === 'url') return link.url;
  return link.type === 'none' ? 'false' : link.type;
}

/** A stored link value as the console edits it; `tea`, empty and unknown values have no link. */
export function adLinkOf(value: string): AdLinkInput {
  if (isWebUrl(value)) return { type: 'url', url: value };
  if ((AD_LINK_KEYWORDS as readonly string[]).includes(value) && value !== 'tea' && value !== 'false')
    return { type: value as Exclude<AdLinkType, 'url' | 'none'> };
  return { type: 'none' };
}

/** An uploaded or stored image: never empty here, an ad without a picture shows nothing. */
export const AdImageSchema = ImagePathSchema.refine((value) => value !== '', 'feed_required');

export const AdInputSchema = z
  .object({
    section: FeedTypeSchema,
    placement: z.enum(AD_PLACEMENTS),
    /** The block a `feed` ad shows in (a block of the same home); absent for the others. */
    blockId: id.optional(),
    title: line(FEED_TITLE_MAX, 1),
    titleTw: line(FEED_TITLE_MAX).default(''),
    image: AdImageSchema,
    link: AdLinkInputSchema,
  })
  .strict();
export type AdInput = z.input<typeof AdInputSchema>;

export const ConsoleAdSchema = z.object({
  id: z.number().int(),
  section: FeedTypeSchema,
  placement: z.enum(AD_PLACEMENTS),
  blockId: z.number().int().nullable(),
  title: z.string(),
  titleTw: z.string(),
  image: z.string(),
  link: AdLinkInputSchema,
  /** The stored value the app reads. */
  linkValue: z.string(),
});
export type ConsoleAd = z.infer<typeof ConsoleAdSchema>;
export const ConsoleAdsSchema = z.object({ items: z.array(ConsoleAdSchema) });

/** A new order of one home's ads of one placement (and block, for feed ads). */
export const AdOrderSchema = z
  .object({
    section: FeedTypeSchema,
    placement: z.enum(AD_PLACEMENTS),
    blockId: id.optional(),
    ids: ids(FEED_ROWS_MAX).min(1),
  })
  .strict();
export type AdOrder = z.infer<typeof AdOrderSchema>;

/** A banner image upload: JPEG, PNG or WebP by its bytes, like settings images. */
export const FEED_IMAGE_FIELD = 'image';
export const FEED_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const FeedImageReplySchema = z.object({ path: z.string() });

// ---- pickers ----

export const PICK_KINDS = ['video', 'actor', 'studio', 'category'] as const;
export type PickKind = (typeof PICK_KINDS)[number];
export const PickQuerySchema = z.object({
  kind: z.enum(PICK_KINDS),
  /** Videos and categories of this home only. */
  type: FeedTypeSchema,
  /** Words of a title or name, or an id. Empty: the newest. */
  q: z
    .string()
    .trim()
    .max(FEED_PICK_QUERY_MAX)
    .refine((value) => !CONTROL.test(value), 'feed_control_chars')
    .default(''),
});
export const PickReplySchema = z.object({ items: z.array(PickedSchema) });

export const FeedDeletedSchema = z.object({ deleted: z.number().int() });
