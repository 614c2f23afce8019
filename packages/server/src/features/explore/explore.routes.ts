import {
  BrowsePageQuerySchema,
  ExploreUserParamsSchema,
  ExploreUserVideosQuerySchema,
  ExploreVideosParamsSchema,
  FollowBodySchema,
  FollowParamsSchema,
  ImportBodySchema,
  TokenParamSchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../platform/reply.ts';
import { localeOf, tokenOf } from '../../platform/request.ts';
import { viewerOf } from '../browse/browse.routes.ts';
import type { SessionService } from '../session/session.service.ts';
import type { ExploreService } from './explore.service.ts';

/** The find page, followed users, follows and imports (part 2 §7.1, part 1 §7). */
export const exploreRoutes =
  (sessions: SessionService, explore: ExploreService): FastifyPluginAsyncZod =>
  async (app) => {
    const querystring = TokenParamSchema;

    app.get(
      '/v1/explore/videos/:type',
      { schema: { params: ExploreVideosParamsSchema, querystring: BrowsePageQuerySchema } },
      async (request) => {
        const userId = await viewerOf(sessions, request);
        return envelope(
          await explore.exploreVideos(request.params.type, request.query.page, userId, localeOf(request)),
        );
      },
    );

    // Whose follows: the caller's, so a token is needed.
    app.get('/v1/explore/follow', { schema: { querystring: BrowsePageQuerySchema } }, async (request) => {
      const { userId } = await sessions.authenticate(tokenOf(request));
      return envelope(await explore.follows(userId, request.query.page, localeOf(request)));
    });

    app.get('/v1/explore/users', { schema: { querystring } }, async (request) => {
      const userId = await viewerOf(sessions, request);
      return envelope(await explore.suggestions(userId, localeOf(request)));
    });

    app.get(
      '/v1/explore/user/:userid',
      { schema: { params: ExploreUserParamsSchema, querystring } },
      async (request) => {
        const userId = await viewerOf(sessions, request);
        return envelope(await explore.user(request.params.userid, userId, localeOf(request)));
      },
    );

    app.get(
      '/v1/explore/user/videos/:userid',
      { schema: { params: ExploreUserParamsSchema, querystring: ExploreUserVideosQuerySchema } },
      async (request) => {
        const userId = await viewerOf(sessions, request);
        const { video_type, page } = request.query;
        return envelope(
          await explore.userVideos(request.params.userid, video_type, page, userId, localeOf(request)),
        );
      },
    );

    app.post(
      '/v1/explore/import/user/:userid',
      { schema: { params: ExploreUserParamsSchema, querystring, body: ImportBodySchema } },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        return envelope(await explore.importVideos(userId, request.params.userid, request.body.video_type));
      },
    );

    app.post(
      '/v1/explore/follow/user/:user_id',
      { schema: { params: FollowParamsSchema, querystring, body: FollowBodySchema } },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        const follow = request.body._method === undefined;
        return envelope(await explore.setFollow(userId, request.params.user_id, follow));
      },
    );
  };
