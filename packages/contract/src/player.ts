import { z } from 'zod';
import { optionalBody, TokenParamSchema, VideoTypeSchema, VideoViewsSchema } from './startup.ts';
import { replySchema } from './status.ts';
import { REPORT_CONTENT_MAX_LENGTH, REPORT_REASONS, REPORT_TYPE_TEXT } from './constants.ts';
import { RENDITIONS } from './streaming.ts';
import { ActorSchema, PageQuerySchema, VideoIdSchema, VideoPageSchema, VideoSchema } from './videos.ts';

/** The play page's calls (part 2 §7.2). Every call names its video by `{avkey}` and needs a token. */
export const PlayerParamsSchema = z.object({ avkey: VideoIdSchema });

/**
 * Playlist paths by rendition, only those the caller may play: 240 and intro for everyone with a view
 * left (or a view of this video already counted today), 480 for VIP. Empty when there is no source.
 * Each path is signed and short-lived; the client puts its chosen stream line in front of it.
 */
export const VideoUrlsSchema = z.object({
  '240': z.string().optional(),
  '480': z.string().optional(),
  intro: z.string().optional(),
});
export type VideoUrls = z.infer<typeof VideoUrlsSchema>;

/**
 * `GET /v1/video/info/{avkey}?pixel=240|480`: `pixel` names the quality the player will start with;
 * when the caller may play it, the reply carries that playlist (`video_start`), so the first
 * segment can be fetched at once instead of after one more round trip for the playlist and its key.
 */
export const VideoInfoQuerySchema = TokenParamSchema.extend({ pixel: z.enum(['240', '480']).optional() });

/**
 * The starting playlist, the same the stream line serves for `video_urls[pixel]` except that its
 * key is written into it (a `data:` URI): relative segment names resolve against that source.
 * `first_segment`: the playlist's first segment as the stream line serves it (still encrypted),
 * base64, when it is small (the 1 s opening segment of 240): the picture needs no further request.
 */
export const VideoStartSchema = z.object({
  pixel: z.enum(['240', '480']),
  playlist: z.string(),
  first_segment: z.string().optional(),
});
export type VideoStart = z.infer<typeof VideoStartSchema>;

/** `GET /v1/video/info/{avkey}`: the Video object with its sources and today's views `[used, total]`. */
export const VideoInfoSchema = VideoSchema.extend({
  video_urls: VideoUrlsSchema,
  video_views: VideoViewsSchema,
  video_start: VideoStartSchema.optional(),
});
export type VideoInfo = z.infer<typeof VideoInfoSchema>;
export const VideoInfoReplySchema = replySchema(VideoInfoSchema);

/** `GET /v1/actors/video/{avkey}`: the video's actors. */
export const VideoActorsReplySchema = replySchema(z.object({ actors: z.array(ActorSchema) }));

/** `GET /v2/videos/recommend/{avkey}?page&video_type`: related videos, most related first. */
export const RelatedVideosQuerySchema = PageQuerySchema.extend({ video_type: VideoTypeSchema.optional() });
export const RelatedVideosReplySchema = replySchema(VideoPageSchema);

const REPORT_FIELD_MAX_LENGTH = 200;

const ReportTypeSchema = z
  .preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string()
      .trim()
      .regex(/^[0-9]{1,4}$/),
  )
  .transform(Number)
  .refine((value) => value === REPORT_TYPE_TEXT || (REPORT_REASONS as readonly number[]).includes(value));

/**
 * `POST /v1/report/video/{avkey}`: a chosen reason, or 999 with typed text (part 2 §5: an empty
 * report is not sent, so the server refuses one too).
 */
export const ReportBodySchema = optionalBody(
  TokenParamSchema.extend({
    device_os: z.string().trim().max(REPORT_FIELD_MAX_LENGTH).optional(),
    report_type: ReportTypeSchema,
    report_content: z.string().trim().max(REPORT_CONTENT_MAX_LENGTH).optional(),
    img_host: z.string().trim().max(REPORT_FIELD_MAX_LENGTH).optional(),
    stream_host: z.string().trim().max(REPORT_FIELD_MAX_LENGTH).optional(),
  }).refine((body) => body.report_type !== REPORT_TYPE_TEXT || (body.report_content ?? '') !== '', {
    message: 'report_content_required',
    path: ['report_content'],
  }),
);
export const ReportReplySchema = replySchema(z.null());

/**
 * Signed stream URLs. A playlist path `/hls/{asset}/{rendition}/index.m3u8` carries who may fetch
 * it, for which video, until when, and its signature; the key URIs inside a served playlist carry
 * the line it was served on too. The server checks the entitlement again at every fetch.
 */
export const PLAYLIST_URL_TTL_S = 600;
export const KEY_URL_TTL_S = 600;
const Digits = (max: number) =>
  z
    .string()
    .regex(new RegExp(`^[0-9]{1,${max}}$`))
    .transform(Number);
export const SignedPlaylistQuerySchema = TokenParamSchema.extend({
  user: Digits(15),
  video: VideoIdSchema,
  expires: Digits(12),
  sig: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});
export const SignedKeyQuerySchema = SignedPlaylistQuerySchema.extend({ line: Digits(3) });

/** Every `status.message` the play page's calls answer with, so the web catalogue can carry them all. */
export const PLAYER_MESSAGE_KEYS = [
  'ok',
  'invalid_input',
  'video_not_found',
  'vip_only',
  'view_not_counted',
  'stream_url_invalid',
  'stream_url_expired',
  'token_missing',
  'session_expired',
  'logged_other_device',
  'location_error',
] as const;

/** Renditions only VIP may play (DECISIONS: non-VIP get 240 only; the intro is a 240 preview). */
export const VIP_RENDITIONS: readonly (typeof RENDITIONS)[number][] = ['480'];
/** The first stream line (the "abroad" line) is everyone's; the others are VIP lines. */
export const FREE_STREAM_LINE = 0;

/**
 * Why a user may not play a rendition on a stream line, or undefined when they may (part 2 §6,
 * DECISIONS). `viewedToday`: video info gave this user the video's source this business day, which
 * spent one of their daily views; a video seen today stays playable today once the views ran out.
 */
export function playbackRefusal(
  rights: { vip: boolean; viewedToday: boolean },
  rendition: (typeof RENDITIONS)[number],
  line: number,
  /**
   * App info's `novip.network.lock` (part 1, stream choice): on, non-VIP stay on the no-VIP line;
   * off, they may take whichever line is fastest, still at 240 (docs/decisions.md, issue 38).
   */
  lineLock = true,
): 'vip_only' | 'view_not_counted' | undefined {
  if (rights.vip) return undefined;
  if (VIP_RENDITIONS.includes(rendition) || (lineLock && line !== FREE_STREAM_LINE)) return 'vip_only';
  // Without today's view (views ran out, or a URL kept from before 4:00) the client asks video info again.
  if (!rights.viewedToday) return 'view_not_counted';
  return undefined;
}
