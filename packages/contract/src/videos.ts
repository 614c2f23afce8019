import { z } from 'zod';
import { MAX_LIST_PAGE } from './constants.ts';
import { TokenParamSchema, VideoTypeSchema } from './startup.ts';

/**
 * The Video and Actor objects of part 2 §3 as every list sends them, and the paging every list
 * shares (part 2 §4: page size 24, `total_results`).
 */

/**
 * A video's id on the wire is its key (`avkey`): the play page's calls take the route's
 * `video_id` as their `{avkey}`. Letters, digits, `_` and `-`.
 */
export const VideoIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** Actor ids are positive integers that fit the database's integer column. */
const MAX_INT4 = 2_147_483_647;
export const ActorIdSchema = z
  .string()
  .regex(/^[0-9]{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_INT4));

/** `page` of a list, from 1; absent means the first page. */
export const PageSchema = z
  .string()
  .regex(/^[0-9]{1,6}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_LIST_PAGE));
export const PageQuerySchema = TokenParamSchema.extend({ page: PageSchema.default(1) });

export const VideoSchema = z.object({
  video_id: z.string(),
  video_type: VideoTypeSchema,
  video_title: z.string(),
  video_title_cn: z.string(),
  /** Image paths on the image line (encrypted). */
  cover: z.string(),
  thumb: z.string(),
  /** Seconds. */
  video_duration: z.number().int(),
  views: z.number().int(),
  /** Unix seconds. */
  upload_date: z.number().int(),
  /** The studio, else the creator who published it, else ''. */
  video_publisher: z.string(),
  /** The creator account that published it (its page is `/find/follower/{user_id}`), or null. */
  video_creator: z
    .object({ user_id: z.number().int(), user_name: z.string(), user_img: z.string() })
    .nullable(),
  /** The studio that published it (its videos are at `/studio/{studio_id}`), or null. */
  video_studio: z.object({ studio_id: z.number().int(), studio_name: z.string() }).nullable(),
  video_number: z.string(),
  video_category: z.array(z.object({ category_id: z.number().int(), category_name: z.string() })),
  video_tags: z.array(z.string()),
  actor: z.array(z.object({ actor_id: z.number().int(), actor_name: z.string() })),
  /** One of MAIN_TAGS. */
  main_tag: z.string(),
  /** One of SECOND_TAGS, or '' for none. */
  second_tag: z.string(),
  /** Whether the caller collected it, and when (Unix seconds, null when not collected). */
  video_like: z.boolean(),
  video_like_date: z.number().int().nullable(),
});
export type Video = z.infer<typeof VideoSchema>;

export const ActorSchema = z.object({
  actor_id: z.number().int(),
  actor_name: z.string(),
  /** The actor's picture: an image path on the image line (encrypted). */
  actor_url: z.string(),
  actor_cup: z.string(),
  actor_like: z.boolean(),
  /** 0 long, 1 short. */
  actor_original: z.number().int(),
});
export type Actor = z.infer<typeof ActorSchema>;

/** One page of a video list and how many the whole list holds. */
export const VideoPageSchema = z.object({ videos: z.array(VideoSchema), total_results: z.number().int() });
export type VideoPage = z.infer<typeof VideoPageSchema>;
export const ActorPageSchema = z.object({ actors: z.array(ActorSchema), total_results: z.number().int() });
export type ActorPage = z.infer<typeof ActorPageSchema>;
