import { z } from 'zod';
import { replySchema } from './status.ts';
import { PROMOTION_LEVELS, TOKEN_MAX_LENGTH, USER_INIT_SOURCE_MAX, VIDEO_TYPES } from './constants.ts';

import { LAUNCH_CODE_PATTERN, PLATFORMS } from './wire.ts';
export { FAST_CODE_HEADER, LAUNCH_CODE_PATTERN, PLATFORMS } from './wire.ts';

export const TokenSchema = z.string().min(1).max(TOKEN_MAX_LENGTH);
export const LaunchCodeSchema = z.string().regex(LAUNCH_CODE_PATTERN);
export const PlatformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof PlatformSchema>;
export const VideoTypeSchema = z.enum(VIDEO_TYPES);

const Switch = z.object({ switch: z.boolean(), countdown: z.number().int() });

/** `GET /v1/appinfo` (part 1 §3 and part 2 §3). */
export const AppInfoSchema = z.object({
  confirm_code: z.object({ limit: z.number().int() }),
  confirmCodeLimit: z.number().int(),
  binding: z.object({
    default: z.object({ type: z.enum(['email', 'phone']) }),
    phone: Switch,
    email: Switch,
  }),
  pwa: z.object({
    allow: z.boolean(),
    launch: z.string(),
    version: z.string(),
    announcement_switch: z.boolean(),
    message: z.string(),
    sub_message: z.string(),
    qrcode_img_url: z.string(),
    jump: z.string(),
    home_android_link: z.string(),
    home_forever_link: z.string(),
  }),
  web: z.object({ jump: z.string() }),
  ad: z.object({
    cover_display: z.boolean(),
    cover_image: z.string(),
    cover_link: z.string(),
    pop_image: z.string(),
    pop_link: z.string(),
    img_url: z.string(),
    player_image: z.string(),
    player_link: z.string(),
    player_countdown: z.number().int(),
  }),
  novip: z.object({ network: z.object({ lock: z.boolean() }) }),
  member_level: z.boolean(),
  announcement_level: z.enum(['new', 'both', 'other']),
  member_level_page_n: z.number().int(),
  member_level_collect_n: z.number().int(),
  forever_image: z.string(),
  forever_link: z.string(),
  share: z.object({ days: z.number().int() }),
  /** The share page's milestones: bonus points once the friend count reaches each (operator-set). */
  invite_tiers: z.array(z.object({ friends: z.number().int(), points: z.number().int() })),
  follower_import_switch: z.boolean(),
  /** Ask for age confirmation (18+) on a device's first start. */
  age_gate: z.boolean(),
  shop_icon: z.string(),
  cash: z.object({ maintain: z.boolean() }),
  home: z.object({ news_content: z.string() }),
  views: z.object({ daily_free: z.number().int() }),
  /**
   * The bonus days each promotion level's sale plan adds, as the operator set them (console app
   * settings); an app info without them (older server, cached copy) reads SALE_BONUS_DAYS.
   */
  sale_bonus_days: z
    .object(
      Object.fromEntries(PROMOTION_LEVELS.map((level) => [level, z.number().int()])) as Record<
        (typeof PROMOTION_LEVELS)[number],
        z.ZodNumber
      >,
    )
    .optional(),
  app_url: z.string(),
  /** Customer-service address of the member page's support mail (part 1 §9). */
  support_mail: z.string(),
  /** The image line of last resort, with its key: used when the host list or every image line failed. */
  imgUrl: z.object({ url: z.string(), encrypt: z.boolean(), key: z.string() }),
});
export type AppInfo = z.infer<typeof AppInfoSchema>;
export const AppInfoReplySchema = replySchema(AppInfoSchema);

/** `GET /v1/fastlogin`: the launch code travels in the header, the platform in the query. */
export const FastLoginQuerySchema = z.object({ platform: PlatformSchema.default('web') });
const TokenReplyBody = z.object({ token: z.string() });
export type TokenReply = z.infer<typeof TokenReplyBody>;
export const TokenReplySchema = replySchema(TokenReplyBody);

/**
 * `POST /v1/launch`: mints a launch code. With a token, for that session (how an account gets a
 * code); without, a jump-page code whose first fast login makes a guest.
 */
export const LaunchReplySchema = replySchema(z.object({ code: z.string() }));

/** Every authenticated call accepts the token in the query or the body. */
export const TokenParamSchema = z.object({ token: TokenSchema.optional() });

/** A POST body that may be absent (Fastify hands over null): absent reads as an empty form. */
export function optionalBody<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => value ?? {}, schema);
}
export const TokenBodySchema = optionalBody(TokenParamSchema);

/** `[used, total]`; total -1 means unlimited (VIP). */
export const VideoViewsSchema = z.tuple([z.number().int(), z.number().int()]);

export const UserInfoSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  phone: z.string(),
  vip: z.boolean(),
  invite_code: z.string(),
  invite_count: z.number().int(),
  level: z.enum(PROMOTION_LEVELS),
  init: z.boolean(),
  video_views: VideoViewsSchema,
  expiry: z.number().int(),
  points: z.number().int(),
  promoter: z.boolean(),
  shop_icon: z.string(),
  shop_link: z.string(),
  /** When the account's latest order was paid (epoch seconds), 0 if never: no VIP sales right after. */
  paid_at: z.number().int(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** `POST /v1/user/info`: `response (vip, init, video_views, userInfo)`. */
export const UserInfoReplySchema = replySchema(
  z.object({ vip: z.boolean(), init: z.boolean(), video_views: VideoViewsSchema, userInfo: UserInfoSchema }),
);

/** `POST /v1/user/init`: form `source` (utm source and medium) and `install`. */
export const UserInitBodySchema = optionalBody(
  TokenParamSchema.extend({
    source: z.string().max(USER_INIT_SOURCE_MAX).optional(),
    install: z.enum(['0', '1', 'true', 'false', 'pwa', 'web']).optional(),
  }),
);
export const UserInitReplySchema = replySchema(z.object({ init: z.boolean() }));

export const MenuSchema = z.object({ menu_id: z.number().int(), menu_name: z.string() });
export const MenuTypeReplySchema = replySchema(
  z.object({
    menus: z.object({ long: z.array(MenuSchema), short: z.array(MenuSchema), original: z.array(MenuSchema) }),
  }),
);

export const CategorySchema = z.object({
  category_id: z.number().int(),
  category_name: z.string(),
  category_image: z.string(),
  category_video_count: z.number().int(),
});
export type Category = z.infer<typeof CategorySchema>;
export const CategoryParamsSchema = z.object({ type: VideoTypeSchema });
export const CategoryReplySchema = replySchema(z.object({ categories: z.array(CategorySchema) }));

/** An ad's link value: share, email, vip, newvip, false, tea (no link), or an external URL. */
export const AdSchema = z.object({
  ad_id: z.number().int(),
  ad_title: z.string(),
  ad_img_url: z.string(),
  ad_link_url: z.string(),
});
export type Ad = z.infer<typeof AdSchema>;
export const AdPosterReplySchema = replySchema(
  z.object({ long: z.array(AdSchema), short: z.array(AdSchema), original: z.array(AdSchema) }),
);

/** `POST /v1/user/image/{chain}`: the image lines of one chain, fastest-first order is the client's job. */
export const ImageChainParamsSchema = z.object({ chain: z.string().regex(/^[a-z0-9_-]{1,32}$/) });
export const ImageChainReplySchema = replySchema(z.object({ chain: z.string(), lines: z.array(z.string()) }));

/** Failure events of part 1 §7. */
export const ANALYTICS_EVENTS = [
  'host_domain_fail',
  'appinfo_get_fail',
  'token_get_fail',
  'userinfo_get_fail',
  'menu_get_fail',
  'advert_get_fail',
] as const;
export const AnalyticsEventBodySchema = z.object({
  event: z.enum(ANALYTICS_EVENTS),
  detail: z.string().max(500).optional(),
  line: z.string().max(300).optional(),
});
export const OkReplySchema = replySchema(z.object({}).passthrough().nullable().optional());

/** `POST /v1/register/guest`: optional platform. A launch code is never moved to the new guest. */
export const RegisterGuestBodySchema = optionalBody(z.object({ platform: PlatformSchema.default('web') }));
