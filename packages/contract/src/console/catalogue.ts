import { z } from 'zod';
import { CUPS, MAIN_TAGS, SECOND_TAGS, VIDEO_TYPES } from '../constants.ts';
import { ConsoleDateRangeSchema, ConsoleListQuerySchema, consolePathId } from './list.ts';

/**
 * Console: catalogue management, the entity side (issue 24): videos (search, filter, edit, bulk
 * tagging), categories, actors, studios, creators and popular search keywords. The rows edited here
 * are the ones the phone app reads; media (uploads, covers, publishing, deletion) is `media.ts`.
 */
export const CATALOGUE_ROLES = ['owner', 'editor'] as const;

const MAX_INT4 = 2_147_483_647;
const Id = z.coerce.number().int().min(1).max(MAX_INT4);
/** Ids in paths and queries: decimal digits only. */
const PathId = consolePathId(MAX_INT4);
/** Video ids are bigserial; the console never needs more than a JavaScript safe integer. */
const VideoId = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Text a user reads: no control characters (titles are one line), trimmed, bounded. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'console_too_long')
    .refine((text) => !CONTROL.test(text), 'console_control_characters');
const requiredLine = (max: number) => line(max).pipe(z.string().min(1, 'console_required'));

export const TITLE_MAX = 200;
export const NAME_MAX = 60;
export const TAG_MAX = 30;
export const TAGS_MAX = 20;
export const VIDEO_LINKS_MAX = 20;
export const KEYWORD_MAX = 30;
export const SEARCH_MAX = 100;
/** Videos one bulk change may name: a console page at its largest. */
export const BULK_VIDEOS_MAX = 200;
/**
 * A list's `total` is exact up to this many (ten pages of 20); beyond, it is at least one past the
 * page asked for (`totalExact: false`), like the app's lists: counting 300,000 matches to show
 * "300,000" costs a read of the catalogue for a number nobody pages through. How many videos a
 * category, actor or studio has is exact in its own list.
 */
export const CATALOGUE_COUNT_CEILING = 200;

/** Uploaded pictures (actor and creator avatars, category and studio tiles): checked by their bytes. */
export const CATALOGUE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CATALOGUE_IMAGE_FIELD = 'image';
export const CATALOGUE_IMAGE_KINDS = ['avatar', 'tile'] as const;
export type CatalogueImageKind = (typeof CATALOGUE_IMAGE_KINDS)[number];
/** The stored size of each kind, as the demo catalogue makes them (the app's cards are drawn for it). */
export const CATALOGUE_IMAGE_SIZES: Record<CatalogueImageKind, { width: number; height: number }> = {
  avatar: { width: 240, height: 240 },
  tile: { width: 400, height: 240 },
};

/** A stored image: a path on the image line (`/img/…`), never a URL of somewhere else. */
export const StoredImageSchema = z
  .string()
  .trim()
  .max(300, 'console_too_long')
  .regex(/^\/img\/(?:[\w-][\w.-]*\/)*[\w-][\w.-]*$/, 'console_image_invalid');

/**
 * A tag is also a key (lists look videos up by it): one word or phrase, no separators the app
 * splits on. Stored in Simplified; the Traditional name is kept beside it for display.
 */
export const TagSchema = requiredLine(TAG_MAX).refine((tag) => !/[,，、#]/.test(tag), 'console_tag_invalid');

const VideoTypeSchema = z.enum(VIDEO_TYPES);

// ── Videos ───────────────────────────────────────────────────────────────────

export const VideoListQuerySchema = ConsoleListQuerySchema.extend({
  sort: z.enum(['upload_date', 'views']).default('upload_date'),
  /** Words of the titles, tags or actor names (the app's search rules, either script). */
  q: line(SEARCH_MAX).optional(),
  type: VideoTypeSchema.optional(),
  categoryId: PathId.optional(),
  actorId: PathId.optional(),
  studioId: PathId.optional(),
  creatorId: PathId.optional(),
  published: z.enum(['yes', 'no']).optional(),
}).extend(ConsoleDateRangeSchema.shape);
export type VideoListQuery = z.infer<typeof VideoListQuerySchema>;

/**
 * Something a video names: its name as stored (Simplified) and its Traditional (the stored `_tw`,
 * or the name when there is none), so a zh-TW console shows it in its own script.
 */
const Named = z.object({ id: z.number().int(), name: z.string(), nameTw: z.string() });

export const ConsoleVideoSchema = z.object({
  id: z.number().int(),
  avkey: z.string(),
  type: VideoTypeSchema,
  /** English (or other Latin) title; the app shows it only when there is no Chinese one. */
  title: z.string(),
  /** The Chinese title as stored: Simplified. */
  titleCn: z.string(),
  /** Its Traditional (Taiwan wording), what zh-TW phones read. */
  titleTw: z.string(),
  cover: z.string(),
  thumb: z.string(),
  durationS: z.number().int(),
  views: z.number().int(),
  uploadDate: z.string(),
  published: z.boolean(),
  number: z.string(),
  studio: Named.nullable(),
  creator: Named.nullable(),
  categories: z.array(Named),
  actors: z.array(Named),
  /** Keys, as stored: Simplified. */
  tags: z.array(z.string()),
  /** The same tags in Traditional (tag_names), in their order: what a zh-TW console shows. */
  tagsTw: z.array(z.string()),
  mainTag: z.string(),
  secondTag: z.string().nullable(),
});
export type ConsoleVideo = z.infer<typeof ConsoleVideoSchema>;

export const VideoListSchema = z.object({
  items: z.array(ConsoleVideoSchema),
  total: z.number().int().min(0),
  /** False when `total` is only a lower bound (CATALOGUE_COUNT_CEILING). */
  totalExact: z.boolean(),
});
export type VideoList = z.infer<typeof VideoListSchema>;

export const VideoParamsSchema = z.object({ id: consolePathId(Number.MAX_SAFE_INTEGER) });

const idList = (max: number) =>
  z
    .array(Id)
    .max(max, 'console_too_many')
    .refine((ids) => new Set(ids).size === ids.length, 'console_duplicates');

/**
 * An edit of one video: only the fields sent change. `titleTw` left out (or empty) is converted
 * from the Chinese title when that changes; sent, it is kept as the operator worded it.
 */
export const VideoEditSchema = z
  .object({
    title: line(TITLE_MAX).optional(),
    titleCn: line(TITLE_MAX).optional(),
    titleTw: line(TITLE_MAX).optional(),
    type: VideoTypeSchema.optional(),
    categoryIds: idList(VIDEO_LINKS_MAX).optional(),
    actorIds: idList(VIDEO_LINKS_MAX).optional(),
    studioId: Id.nullable().optional(),
    creatorId: Id.nullable().optional(),
    tags: z
      .array(TagSchema)
      .max(TAGS_MAX, 'console_too_many')
      .refine((tags) => new Set(tags).size === tags.length, 'console_duplicates')
      .optional(),
    mainTag: z.enum(MAIN_TAGS).optional(),
    secondTag: z.enum(SECOND_TAGS).nullable().optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'nothing_to_change',
  });
export type VideoEdit = z.infer<typeof VideoEditSchema>;

/** One change to many videos at once (the list's selection). */
export const VideoBulkSchema = z.object({
  ids: z
    .array(VideoId)
    .min(1, 'console_required')
    .max(BULK_VIDEOS_MAX, 'console_too_many')
    .refine((ids) => new Set(ids).size === ids.length, 'console_duplicates'),
  change: z.discriminatedUnion('action', [
    z.object({ action: z.literal('add_tag'), tag: TagSchema }).strict(),
    z.object({ action: z.literal('remove_tag'), tag: TagSchema }).strict(),
    /** The videos' categories become exactly these (all of the videos' type). */
    z.object({ action: z.literal('set_category'), categoryIds: idList(VIDEO_LINKS_MAX) }).strict(),
  ]),
});
export type VideoBulk = z.infer<typeof VideoBulkSchema>;
export const VideoBulkReplySchema = z.object({ changed: z.number().int() });

// ── Categories, actors, studios, creators, keywords ──────────────────────────

export const EntityParamsSchema = z.object({ id: PathId });

/** Lists of the entity sections: a name search (either script) and the type where there is one. */
export const EntityListQuerySchema = ConsoleListQuerySchema.extend({
  sort: z.enum(['id', 'name', 'sort', 'videos']).default('id'),
  order: z.enum(['asc', 'desc']).default('asc'),
  q: line(NAME_MAX).optional(),
  type: VideoTypeSchema.optional(),
});
export type EntityListQuery = z.infer<typeof EntityListQuerySchema>;

/** Traditional left empty is converted from the name at save (OpenCC s2twp). */
const nameFields = {
  name: requiredLine(NAME_MAX),
  nameTw: line(NAME_MAX).optional(),
};

export const ConsoleCategorySchema = z.object({
  id: z.number().int(),
  type: VideoTypeSchema,
  name: z.string(),
  nameTw: z.string(),
  image: z.string(),
  sort: z.number().int(),
  videoCount: z.number().int(),
});
export type ConsoleCategory = z.infer<typeof ConsoleCategorySchema>;
export const CategoryInputSchema = z
  .object({
    ...nameFields,
    type: VideoTypeSchema,
    image: StoredImageSchema,
    sort: z.number().int().min(0).max(9999),
  })
  .strict();
export type CategoryInput = z.infer<typeof CategoryInputSchema>;

export const ConsoleActorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameTw: z.string(),
  image: z.string(),
  cup: z.string(),
  /** 0 long, 1 short (the spec's actor_original). */
  original: z.number().int(),
  videoCount: z.number().int(),
});
export type ConsoleActor = z.infer<typeof ConsoleActorSchema>;
export const ActorInputSchema = z
  .object({
    ...nameFields,
    image: StoredImageSchema,
    cup: z.enum(CUPS),
    original: z.union([z.literal(0), z.literal(1)]),
  })
  .strict();
export type ActorInput = z.infer<typeof ActorInputSchema>;

export const ConsoleStudioSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameTw: z.string(),
  image: z.string(),
  videoCount: z.number().int(),
});
export type ConsoleStudio = z.infer<typeof ConsoleStudioSchema>;
export const StudioInputSchema = z.object({ ...nameFields, image: StoredImageSchema }).strict();
export type StudioInput = z.infer<typeof StudioInputSchema>;

/** A creator is an account with a public profile (Explore); the console makes both. */
export const ConsoleCreatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameTw: z.string(),
  avatar: z.string(),
  tags: z.array(z.string()),
  followers: z.number().int(),
  videoCount: z.number().int(),
});
export type ConsoleCreator = z.infer<typeof ConsoleCreatorSchema>;
export const CreatorInputSchema = z
  .object({
    ...nameFields,
    avatar: StoredImageSchema,
    tags: z
      .array(TagSchema)
      .max(TAGS_MAX, 'console_too_many')
      .refine((tags) => new Set(tags).size === tags.length, 'console_duplicates'),
  })
  .strict();
export type CreatorInput = z.infer<typeof CreatorInputSchema>;

/** The search page's top searches, per type, in `sort` order. */
export const ConsoleKeywordSchema = z.object({
  id: z.number().int(),
  type: VideoTypeSchema,
  keyword: z.string(),
  keywordTw: z.string(),
  sort: z.number().int(),
});
export type ConsoleKeyword = z.infer<typeof ConsoleKeywordSchema>;
export const KeywordInputSchema = z
  .object({
    type: VideoTypeSchema,
    keyword: requiredLine(KEYWORD_MAX),
    keywordTw: line(KEYWORD_MAX).optional(),
    sort: z.number().int().min(0).max(9999),
  })
  .strict();
export type KeywordInput = z.infer<typeof KeywordInputSchema>;

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int().min(0) });
export const CategoryListSchema = listOf(ConsoleCategorySchema);
export const ActorListSchema = listOf(ConsoleActorSchema);
export const StudioListSchema = listOf(ConsoleStudioSchema);
export const CreatorListSchema = listOf(ConsoleCreatorSchema);
export const KeywordListSchema = listOf(ConsoleKeywordSchema);

export const CatalogueImageParamsSchema = z.object({ kind: z.enum(CATALOGUE_IMAGE_KINDS) });
export const CatalogueImageReplySchema = z.object({ path: z.string() });

/**
 * Why a deletion is refused (409): videos still name the thing, or a Recommend block shows it.
 * Nothing is deleted from under a video; move the videos first (the list's bulk "set category").
 */
export const IN_USE_ERRORS = ['console_in_use_videos', 'console_in_use_feed'] as const;
