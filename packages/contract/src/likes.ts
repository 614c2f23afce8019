import { z } from 'zod';
import { optionalBody, TokenParamSchema, VideoTypeSchema } from './startup.ts';
import { replySchema } from './status.ts';
import { ActorIdSchema, ActorPageSchema, PageQuerySchema, VideoIdSchema, VideoPageSchema } from './videos.ts';

/**
 * Likes (favourites, "collect") of part 1 §7 and part 2 §7.1. A like call answers 200 both when it
 * changed something and when there was nothing to change (liking twice, unliking what is not
 * liked), so the client's toggle applies whenever the item exists.
 */

/** `_method=delete` (any case) in the form turns a like call into an unlike. */
export const UnlikeMethodSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.toLowerCase() : value),
  z.literal('delete'),
);

/** `POST /v2/like/video/{video_id}`: form `type` (long, short, original), optional `_method=delete`. */
export const LikeVideoParamsSchema = z.object({ video_id: VideoIdSchema });
export const LikeVideoBodySchema = optionalBody(
  TokenParamSchema.extend({ type: VideoTypeSchema, _method: UnlikeMethodSchema.optional() }),
);
export const LikeVideoReplySchema = replySchema(z.object({ video_id: z.string(), video_like: z.boolean() }));

/** `POST /v1/like/actor/{actor_id}`: optional `_method=delete`. */
export const LikeActorParamsSchema = z.object({ actor_id: ActorIdSchema });
export const LikeActorBodySchema = optionalBody(
  TokenParamSchema.extend({ _method: UnlikeMethodSchema.optional() }),
);
export const LikeActorReplySchema = replySchema(
  z.object({ actor_id: z.number().int(), actor_like: z.boolean() }),
);

/** `GET /v1/videos/likes/{type}?page=`: the caller's collected videos of one type, newest like first. */
export const VideoLikesParamsSchema = z.object({ type: VideoTypeSchema });
export const VideoLikesQuerySchema = PageQuerySchema;
export const VideoLikesReplySchema = replySchema(VideoPageSchema);

/** `GET /v1/actors/likes?page=`: the caller's collected actors, newest like first. */
export const ActorLikesQuerySchema = PageQuerySchema;
export const ActorLikesReplySchema = replySchema(ActorPageSchema);

/** Every `status.message` the like calls answer with, so the web catalogue can carry them all. */
export const LIKE_MESSAGE_KEYS = [
  'ok',
  'invalid_input',
  'video_not_found',
  'not_found',
  'token_missing',
  'session_expired',
  'logged_other_device',
  'location_error',
] as const;
