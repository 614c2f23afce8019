import { TokenBodySchema, TokenParamSchema, UserInitBodySchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../platform/reply.ts';
import { tokenOf } from '../../platform/request.ts';
import type { SessionService } from '../session/session.service.ts';
import type { UserService } from './user.service.ts';

export const userRoutes =
  (sessions: SessionService, users: UserService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/v1/user/info',
      { schema: { querystring: TokenParamSchema, body: TokenBodySchema } },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        const userInfo = await users.userInfo(userId);
        return envelope({
          vip: userInfo.vip,
          init: userInfo.init,
          video_views: userInfo.video_views,
          userInfo,
        });
      },
    );

    app.post(
      '/v1/user/init',
      {
        schema: {
          querystring: TokenParamSchema,
          body: UserInitBodySchema,
        },
      },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        await users.init(userId, request.body.source, request.body.install);
        return envelope({ init: true });
      },
    );
  };
