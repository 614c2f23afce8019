import { z } from 'zod';
import { PROMOTION_LEVELS } from '../constants.ts';
import { AppInfoSchema } from '../startup.ts';

/**
 * Operator console §2, app settings: the operator-editable part of app info (`GET /v1/appinfo`
 * less the fields the server fills per request), the sale bonus days per promotion level and the
 * host lines the app races. The app-info schema of the contract gives the shape; these add the
 * limits an operator's input must keep (lengths, ranges, safe links and image paths).
 */

/** Console routes' prefix (CONSOLE.md). */
export const CONSOLE_SETTINGS_PATH = '/admin/api/settings';

export const SETTINGS_TEXT_MAX = 2000;
export const SETTINGS_LINK_MAX = 500;
export const SETTINGS_COUNTDOWN_MAX_S = 600;
export const SETTINGS_SHARE_DAYS_MAX = 365;
export const SETTINGS_DAILY_VIEWS_MAX = 1000;
export const SETTINGS_SALE_BONUS_MAX_DAYS = 3650;
export const SETTINGS_LINES_MAX = 20;
/** An uploaded settings image (QR, ad, shop icon): checked by its bytes, at most this size. */
export const SETTINGS_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The multipart field that carries the image. */
export const SETTINGS_IMAGE_FIELD = 'image';

/** Text a user reads: no control characters but line breaks and tabs (the app shows `\n` too). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const text = (max: number) =>
  z
    .string()
    .max(max, 'settings_too_long')
    .refine((value) => !CONTROL.test(value), 'settings_control_chars');

function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An address users open: empty or an http(s) URL (never `javascript:` or `data:`). */
export const WebUrlSchema = z
  .string()
  .trim()
  .max(SETTINGS_LINK_MAX, 'settings_too_long')
  .refine((value) => value === '' || isWebUrl(value), 'settings_url_invalid');

/** Where an ad leads (the web app's ad-link.ts): an in-app keyword, no link, or an http(s) URL. */
export const AD_LINK_KEYWORDS = ['share', 'email', 'vip', 'newvip', 'false', 'tea'] as const;
export const AdLinkSchema = z
  .string()
  .trim()
  .max(SETTINGS_LINK_MAX, 'settings_too_long')
  .refine(
    (value) => value === '' || (AD_LINK_KEYWORDS as readonly string[]).includes(value) || isWebUrl(value),
    'settings_ad_link_invalid',
  );

/** A path of this server (the jump page) or an http(s) URL. */
export const JumpSchema = z
  .string()
  .trim()
  .max(SETTINGS_LINK_MAX, 'settings_too_long')
  .refine((value) => /^\/(?!\/)[\w\-./?=&%]*$/.test(value) || isWebUrl(value), 'settings_jump_invalid');

/**
 * An encrypted image on the image lines: empty or `/img/<path>` (an uploaded image or any stored
 * cover). Segments never start with a dot, so no path leaves the image folder.
 */
export const ImagePathSchema = z
  .string()
  .trim()
  .max(300, 'settings_too_long')
  .regex(/^(?:\/img\/(?:[\w-][\w.-]*\/)*[\w-][\w.-]*)?$/, 'settings_image_invalid');

const countdown = z.number().int().min(0).max(SETTINGS_COUNTDOWN_MAX_S);
const BindingChannelSchema = z.object({ switch: z.boolean(), countdown: countdown.min(10) }).strict();

const A = AppInfoSchema.shape;

/** Every group an operator edits, each validated whole; a change sends one or more groups. */
export const AppSettingsSchema = z
  .object({
    confirm_code: z.object({ limit: z.number().int().min(60).max(86_400) }).strict(),
    binding: z
      .object({
        default: A.binding.shape.default.strict(),
        phone: BindingChannelSchema,
        email: BindingChannelSchema,
      })
      .strict(),
    pwa: z
      .object({
        allow: z.boolean(),
        launch: text(200),
        version: z
          .string()
          .trim()
          .regex(/^\d{1,4}(?:\.\d{1,4}){0,3}$/, 'settings_version_invalid'),
        announcement_switch: z.boolean(),
        message: text(SETTINGS_TEXT_MAX),
        sub_message: text(500),
        qrcode_img_url: ImagePathSchema,
        jump: JumpSchema,
        home_android_link: WebUrlSchema,
        home_forever_link: WebUrlSchema,
      })
      .strict(),
    web: z.object({ jump: JumpSchema }).strict(),
    ad: z
      .object({
        cover_display: z.boolean(),
        cover_image: ImagePathSchema,
        cover_link: AdLinkSchema,
        pop_image: ImagePathSchema,
        pop_link: AdLinkSchema,
        img_url: ImagePathSchema,
        player_image: ImagePathSchema,
        player_link: AdLinkSchema,
        player_countdown: countdown.max(60),
      })
      .strict(),
    novip: z.object({ network: z.object({ lock: z.boolean() }).strict() }).strict(),
    member_level: z.boolean(),
    announcement_level: A.announcement_level,
    member_level_page_n: z.number().int().min(1).max(100),
    member_level_collect_n: z.number().int().min(1).max(100),
    forever_image: ImagePathSchema,
    forever_link: WebUrlSchema,
    share: z.object({ days: z.number().int().min(0).max(SETTINGS_SHARE_DAYS_MAX) }).strict(),
    follower_import_switch: z.boolean(),
    age_gate: z.boolean(),
    shop_icon: ImagePathSchema,
    cash: z.object({ maintain: z.boolean() }).strict(),
    home: z.object({ news_content: text(SETTINGS_TEXT_MAX) }).strict(),
    views: z.object({ daily_free: z.number().int().min(0).max(SETTINGS_DAILY_VIEWS_MAX) }).strict(),
    support_mail: z.string().trim().max(200).email('settings_mail_invalid'),
  })
  .strict();
export type AppSettings = z.infer<typeof AppSettingsSchema>;
export type AppSettingsGroup = keyof AppSettings;

/** The texts a user reads, each with its Traditional (Taiwan wording) kept beside it. */
export const SETTINGS_TEXTS = ['message', 'sub_message', 'news_content'] as const;
export type SettingsText = (typeof SETTINGS_TEXTS)[number];
export const TextsTwSchema = z
  .object({ message: text(SETTINGS_TEXT_MAX), sub_message: text(500), news_content: text(SETTINGS_TEXT_MAX) })
  .strict();
export type TextsTw = z.infer<typeof TextsTwSchema>;

export const SaleBonusDaysSchema = z
  .object(
    Object.fromEntries(
      PROMOTION_LEVELS.map((level) => [level, z.number().int().min(0).max(SETTINGS_SALE_BONUS_MAX_DAYS)]),
    ) as Record<(typeof PROMOTION_LEVELS)[number], z.ZodNumber>,
  )
  .strict();
export type SaleBonusDays = z.infer<typeof SaleBonusDaysSchema>;

/** `GET /admin/api/settings/app`: what the app reads now, with the Traditional texts and bonuses. */
export const AppSettingsReplySchema = z.object({
  // As stored (the app's own shape): a value saved before these limits still reads back.
  settings: AppInfoSchema.omit({
    app_url: true,
    imgUrl: true,
    confirmCodeLimit: true,
    sale_bonus_days: true,
  }),
  textsTw: TextsTwSchema,
  saleBonusDays: SaleBonusDaysSchema,
});
export type AppSettingsReply = z.infer<typeof AppSettingsReplySchema>;

/**
 * `PUT /admin/api/settings/app`: the groups that changed. A Traditional text sent is kept as the
 * operator wrote it; one not sent is converted again from the Simplified text when that changes,
 * so the two scripts never drift apart.
 */
export const AppSettingsChangeSchema = z
  .object({
    settings: AppSettingsSchema.partial().strict().default({}),
    textsTw: TextsTwSchema.partial().strict().default({}),
    saleBonusDays: SaleBonusDaysSchema.optional(),
  })
  .strict()
  .refine(
    (change) =>
      Object.keys(change.settings).length > 0 ||
      Object.keys(change.textsTw).length > 0 ||
      change.saleBonusDays !== undefined,
    { message: 'settings_nothing_changed', path: ['settings'] },
  );
export type AppSettingsChange = z.input<typeof AppSettingsChangeSchema>;

/** An operator's line: an origin (scheme, host, port; no path) the app races and then uses. */
export const LineOriginSchema = z
  .string()
  .trim()
  .max(200, 'settings_too_long')
  .refine((value) => {
    if (!isWebUrl(value)) return false;
    const url = new URL(value);
    return url.origin === value.replace(/\/$/, '') && !url.username && !url.password;
  }, 'settings_line_invalid')
  .transform((value) => new URL(value).origin);

export const ApiLineSchema = z.object({ url: LineOriginSchema, encrypt: z.boolean() }).strict();
export const ImageLineSchema = z.object({ url: LineOriginSchema }).strict();
export const StreamLineSettingSchema = z
  .object({ url: LineOriginSchema, vip: z.boolean(), name: text(40).pipe(z.string().min(1)) })
  .strict();

const lineList = <T extends z.ZodType>(line: T) =>
  z.array(line).max(SETTINGS_LINES_MAX, 'settings_too_many_lines');

/**
 * The host list's lines. An empty list of a kind means automatic: the lines this server listens on
 * (today's behaviour). Keys are never edited here: the server adds the line keys it holds.
 */
export const HostLinesSchema = z
  .object({
    api: lineList(ApiLineSchema),
    img: lineList(ImageLineSchema),
    stream: lineList(StreamLineSettingSchema).refine(
      (lines) => lines.length === 0 || lines.some((line) => !line.vip),
      'settings_stream_needs_free_line',
    ),
    messengers: z
      .object({ potato: WebUrlSchema, telegream: WebUrlSchema, 'sharelihi.iOS': WebUrlSchema })
      .strict(),
  })
  .strict();
export type HostLines = z.infer<typeof HostLinesSchema>;
export type HostLinesInput = z.input<typeof HostLinesSchema>;

/** `GET /admin/api/settings/lines`: the operator's lines and the automatic ones the server would use. */
export const HostLinesReplySchema = z.object({
  // As stored (already checked on the way in): a reply is serialised, never transformed again.
  lines: z.object({
    api: z.array(z.object({ url: z.string(), encrypt: z.boolean() })),
    img: z.array(z.object({ url: z.string() })),
    stream: z.array(z.object({ url: z.string(), vip: z.boolean(), name: z.string() })),
    messengers: z.object({ potato: z.string(), telegream: z.string(), 'sharelihi.iOS': z.string() }),
  }),
  automatic: z.array(z.string()),
});

/** `POST /admin/api/settings/images`: the stored image's path, to put into an image field. */
export const SettingsImageReplySchema = z.object({ path: z.string() });
