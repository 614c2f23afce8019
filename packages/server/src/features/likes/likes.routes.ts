import {
  ActorLikesQuerySchema,
  LikeActorBodySchema,
  LikeActorParamsSchema,
  LikeVideoBodySchema,
  LikeVideoParamsSchema,
  TokenParamSchema,
  VideoLikesParamsSchema,
  VideoLikesQuerySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../platform/reply.ts';
import { localeOf, tokenOf } from '../../platform/request.ts';
import type { SessionService } from '../session/session.service.ts';
import type { LikesService } from './likes.service.ts';

/** Likes and favourites lists (part 1 §7, part 2 §7.1); every call needs a token. */
export const likesRoutes =
  (sessions: SessionService, likes: LikesService): FastifyPluginAsyncZod =>
  async (app) => {
    const querystring = TokenParamSchema;

    app.post(
      '/v2/like/video/:video_id',
      { schema: { params: LikeVideoParamsSchema, querystring, body: LikeVideoBodySchema } },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        const { video_id } = request.params;
        const liked = request.body._method === undefined;
        await likes.setVideoLike(userId, video_id, request.body.type, liked);
        return envelope({ video_id, video_like: liked });
      },
    );

    app.post(
      '/v1/like/actor/:actor_id',
      { schema: { params: LikeActorParamsSchema, querystring, body: LikeActorBodySchema } },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        const { actor_id } = request.params;
        const liked = request.body._method === undefined;
        await likes.setActorLike(userId, actor_id, liked);
        return envelope({ actor_id, actor_like: liked });
      },
    );

    app.get(
      '/v1/videos/likes/:type',
      { schema: { params: VideoLikesParamsSchema, querystring: VideoLikesQuerySchema } },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        return envelope(
          await likes.likedVideos(userId, request.params.type, request.query.page, localeOf(request)),
        );
      },
    );

    app.get('/v1/actors/likes', { schema: { querystring: ActorLikesQuerySchema } }, async (request) => {
      const { userId } = await sessions.authenticate(tokenOf(request));
      return envelope(await likes.likedActors(userId, request.query.page, localeOf(request)));
    });
  };
