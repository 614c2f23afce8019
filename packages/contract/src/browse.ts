import { z } from 'zod';
import { ACTOR_ORDERS, VIDEO_ORDERS } from './constants.ts';
import { MENU_FILTER_NAMES, MENU_KINDS, parseMenuFilters, type MenuFilterName } from './menu-filters.ts';
import { AdSchema, CategorySchema, optionalBody, TokenParamSchema, VideoTypeSchema } from './startup.ts';
import { replySchema } from './status.ts';
import { UnlikeMethodSchema } from './likes.ts';
import { ActorSchema, VideoSchema } from './videos.ts';

/**
 * Browsing of part 2 §7.1 (home feeds, menu lists, actors, search, explore, follows, ads) and the
 * follow call of part 1 §7. Every list is 24 a page (classic lists 6) with `total_results`.
 */

/** Search strings are literal text of at most this many characters. */
export const SEARCH_MAX_LENGTH = 1024;
/** How many top videos the search home shows per type. */
export const TOP_VIDEOS = 10;
/** Videos per block of the Recommend feed (shuffle, interest picker) and per actor of layout 5. */
export const FEED_BLOCK_VIDEOS = 6;
export const FEED_ACTOR_VIDEOS = 4;
/**
 * Counting a filtered list stops here (or one past the page asked for, if deeper): `total_results`
 * is exact below it, and otherwise still larger than page × 24 whenever more pages exist, which is
 * all the client's paging rule reads.
 */
export const COUNT_CEILING = 1000;

/** The path words of the three home types: `/v1/longs/…`, `/v1/shorts/…`, `/v1/original/…`. */
export const HOME_PATHS = { longs: 'long', shorts: 'short', original: 'original' } as const;
export type HomePath = keyof typeof HOME_PATHS;
/** Classic lists are `/v1/{type}s/videos/6`. */
export const CLASSIC_PATHS = { longs: 'long', shorts: 'short', originals: 'original' } as const;

const MAX_INT4 = 2_147_483_647;
/** Free text the database stores or compares: PostgreSQL text cannot hold NUL. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes('\0'));
const positiveInt = (digits: number) =>
  z
    .string()
    .regex(new RegExp(`^[0-9]{1,${digits}}$`))
    .transform(Number)
    .pipe(z.number().int().min(1).max(MAX_INT4));
export const UserIdSchema = positiveInt(10);
export const MenuIdSchema = z
  .string()
  .regex(/^[0-9]{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(0).max(MAX_INT4));

/**
 * `page` of a browsing list, from 1: a page past the end is simply empty (no one is refused for
 * scrolling), while 0, negatives and non-numbers are bad input.
 */
export const BrowsePageSchema = z
  .string()
  .regex(/^[0-9]{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1));
export const BrowsePageQuerySchema = TokenParamSchema.extend({ page: BrowsePageSchema.default(1) });

export {
  defaultMenuOrder,
  formatMenuFilters,
  MENU_FILTER_NAMES,
  MENU_KINDS,
  menuFilterSet,
  parseMenuFilters,
  type FilterRow,
  type MenuFilterName,
  type MenuFilters,
  type MenuKind,
} from './menu-filters.ts';

const filtersParam = (allowed: readonly MenuFilterName[]) =>
  z
    .string()
    .max(200)
    .transform((value, context) => {
      const parsed = parseMenuFilters(value, allowed);
      if (!parsed) {
        context.addIssue({ code: 'custom', message: 'invalid filters' });
        return z.NEVER;
      }
      return parsed;
    });

// ---- menus and tags ----

export const HomeMenuSchema = z.object({
  menu_id: z.number().int(),
  menu_name: z.string(),
  filterParams: z.object({ kind: z.enum(MENU_KINDS), filters: z.array(z.string()) }),
});
/** `GET /v1/{longs,shorts,original}/menus`. */
export const HomeMenusReplySchema = replySchema(z.object({ menus: z.array(HomeMenuSchema) }));
/** `GET /v1/{longs,shorts,original}/tags`: the interest picker's tags. */
export const HomeTagsReplySchema = replySchema(z.object({ tags: z.array(z.string()) }));

// ---- Recommend feed ----

export const StudioSchema = z.object({
  studio_id: z.number().int(),
  studio_name: z.string(),
  studio_image: z.string(),
});
export type Studio = z.infer<typeof StudioSchema>;
export const ActorWithVideosSchema = ActorSchema.extend({ videos: z.array(VideoSchema) });

/**
 * One block of the Recommend feed. Every block has every list, empty where its layout has none:
 * 1 `ads`, 3 `tags` + `videos`, 4 `videos`, 5 `actors` with `videos` each, 10 `studios`,
 * 11 `actors`, 12 and 14 `categories` with counts.
 */
export const RecommendBlockSchema = z.object({
  block_id: z.number().int(),
  layout: z.number().int(),
  title: z.string(),
  ads: z.array(AdSchema),
  tags: z.array(z.string()),
  videos: z.array(VideoSchema),
  actors: z.array(ActorWithVideosSchema),
  studios: z.array(StudioSchema),
  categories: z.array(CategorySchema),
});
export type RecommendBlock = z.infer<typeof RecommendBlockSchema>;

/** `GET /v2/{longs,shorts,original}/videos/{id}`: id 0 is the whole feed, a block id that block freshly drawn. */
export const RecommendParamsSchema = z.object({ id: MenuIdSchema });
export const RecommendQuerySchema = TokenParamSchema.extend({
  /** The interest picker's choice, a comma list of tags. */
  tags: text(500)
    .optional()
    .transform((value) =>
      [
        ...new Set(
          (value ?? '')
            .split(',')
            .map((tag) => tag.trim())
            .filter(Boolean),
        ),
      ].slice(0, 20),
    ),
});
export const RecommendReplySchema = replySchema(z.object({ blocks: z.array(RecommendBlockSchema) }));

// ---- lists ----

export const VideoListSchema = z.object({ videos: z.array(VideoSchema), total_results: z.number().int() });

/**
 * `GET /v1/videos/menu/{menu_id}`: menu 0 is every video of `video_type` (category and tag lists).
 * `category` is a category id of that type; `list` a video tag.
 */
export const MenuListParamsSchema = z.object({ menu_id: MenuIdSchema });
export const MenuListQuerySchema = BrowsePageQuerySchema.extend({
  video_type: VideoTypeSchema.optional(),
  order: z.enum(VIDEO_ORDERS).optional(),
  filters: filtersParam(MENU_FILTER_NAMES).default({}),
  category: positiveInt(10).optional(),
  list: text(100).pipe(z.string().min(1)).optional(),
});
export const MenuListReplySchema = replySchema(VideoListSchema);

/** `GET /v1/actors`: `original` 0 (long) or 1 (short), `order` views or vcount, `filters` cup. */
export const ActorListQuerySchema = BrowsePageQuerySchema.extend({
  original: z.enum(['0', '1']).default('0').transform(Number),
  order: z.enum(ACTOR_ORDERS).default('views'),
  filters: filtersParam(['cup']).default({}),
});
export const ActorListReplySchema = replySchema(
  z.object({ actors: z.array(ActorSchema), total_results: z.number().int() }),
);

/** `GET /v1/actor/{actorid}`: the actor and their videos, newest first. */
export const ActorPageParamsSchema = z.object({ actorid: positiveInt(10) });
export const ActorPageReplySchema = replySchema(
  z.object({
    actor: ActorSchema,
    actor_url: z.string(),
    videos: z.array(VideoSchema),
    total_results: z.number().int(),
  }),
);

/**
 * `GET /v1/studios?video_type=`: the studios (片商) that published videos of the type, 24 a page
 * (original's publisher tab).
 */
export const StudioListQuerySchema = BrowsePageQuerySchema.extend({ video_type: VideoTypeSchema });
export const StudioListReplySchema = replySchema(
  z.object({ studios: z.array(StudioSchema), total_results: z.number().int() }),
);

/** `GET /v1/studio/{studioid}?video_type=`: the studio and its videos of the type, newest first. */
export const StudioPageParamsSchema = z.object({ studioid: positiveInt(10) });
export const StudioPageQuerySchema = BrowsePageQuerySchema.extend({ video_type: VideoTypeSchema });
export const StudioPageReplySchema = replySchema(
  z.object({ studio: StudioSchema, videos: z.array(VideoSchema), total_results: z.number().int() }),
);

/** `GET /v1/keywords/popular`. */
export const PopularKeywordsReplySchema = replySchema(
  z.object({
    keywords: z.object({
      long: z.array(z.string()),
      short: z.array(z.string()),
      original: z.array(z.string()),
    }),
  }),
);

/** `GET /v1/videos/{type}/top`: the search home's top videos. */
export const TopVideosParamsSchema = z.object({ type: VideoTypeSchema });
export const TopVideosReplySchema = replySchema(z.object({ videos: z.array(VideoSchema) }));

/** `GET /v1/videos/{type}/keyword/{search}`: literal text; blank is bad input. */
export const KeywordSearchParamsSchema = z.object({
  type: VideoTypeSchema,
  search: text(SEARCH_MAX_LENGTH).refine((value) => value.trim().length > 0),
});
export const KeywordSearchReplySchema = replySchema(VideoListSchema);

/** `GET /v1/{longs,shorts,originals}/videos/6`: the classic list, most viewed, 6 a page. */
export const ClassicListReplySchema = replySchema(VideoListSchema);

/** `POST /v1/ad/click`: form `url`, the link of the ad tapped. */
export const AdClickBodySchema = optionalBody(
  TokenParamSchema.extend({ url: text(2048).pipe(z.string().min(1)) }),
);
export const AdClickReplySchema = replySchema(z.object({}));

// ---- explore ----

export const FollowedUserSchema = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  user_img: z.string(),
  /** Whether the caller follows this user. */
  user_like: z.boolean(),
  user_followers: z.number().int(),
  tags: z.array(z.string()),
  /** The user's newest videos. */
  video: z.array(VideoSchema),
  /** The type of the user's newest video, '' when none. */
  video_type: z.string(),
});
export type FollowedUser = z.infer<typeof FollowedUserSchema>;
/** How many of a followed user's newest videos come with them. */
export const FOLLOWED_USER_VIDEOS = 3;

/** How many creators the empty Follow tab suggests. */
export const SUGGESTED_CREATORS = 10;
/**
 * `GET /v1/explore/users`: creators to follow, most followed first, without those the caller
 * already follows (the empty Follow tab's suggestions).
 */
export const SuggestedUsersReplySchema = replySchema(z.object({ users: z.array(FollowedUserSchema) }));

/** `GET /v1/explore/videos/{type}`: creators' videos, newest first. */
export const ExploreVideosParamsSchema = z.object({ type: VideoTypeSchema });
export const ExploreVideosReplySchema = replySchema(
  z.object({ data: z.array(VideoSchema), total_results: z.number().int() }),
);

/** `GET /v1/explore/follow`: the users the caller follows, newest follow first. */
export const FollowListReplySchema = replySchema(
  z.object({ users: z.array(FollowedUserSchema), total_results: z.number().int() }),
);

export const ExploreUserParamsSchema = z.object({ userid: UserIdSchema });
/** `GET /v1/explore/user/{userid}`. */
export const ExploreUserReplySchema = replySchema(z.object({ user: FollowedUserSchema }));
/** `GET /v1/explore/user/videos/{userid}?video_type=&page=`. */
export const ExploreUserVideosQuerySchema = BrowsePageQuerySchema.extend({ video_type: VideoTypeSchema });
export const ExploreUserVideosReplySchema = replySchema(VideoListSchema);

/** `POST /v1/explore/import/user/{userid}`: form `video_type`; VIP only, once per 10 minutes. */
export const ImportBodySchema = optionalBody(TokenParamSchema.extend({ video_type: VideoTypeSchema }));
export const ImportReplySchema = replySchema(
  z.object({ user_id: z.number().int(), video_type: VideoTypeSchema, imported: z.number().int() }),
);

/** `POST /v1/explore/follow/user/{user_id}`, `_method=delete` to unfollow. */
export const FollowParamsSchema = z.object({ user_id: UserIdSchema });
export const FollowBodySchema = optionalBody(
  TokenParamSchema.extend({ _method: UnlikeMethodSchema.optional() }),
);
export const FollowReplySchema = replySchema(
  z.object({ user_id: z.number().int(), user_like: z.boolean(), user_followers: z.number().int() }),
);

/** Every `status.message` the browsing calls answer with. */
export const BROWSE_MESSAGE_KEYS = [
  'ok',
  'invalid_input',
  'not_found',
  'menu_not_found',
  'category_not_found',
  'user_not_found',
  'cannot_follow_self',
  'vip_required',
  'import_wait',
  'import_switched_off',
  'token_missing',
  'session_expired',
  'logged_other_device',
  'location_error',
] as const;
