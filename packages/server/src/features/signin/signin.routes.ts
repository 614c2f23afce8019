import { TokenParamSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../platform/reply.ts';
import { tokenOf } from '../../platform/request.ts';
import type { SessionService } from '../session/session.service.ts';
import type { SigninService } from './signin.service.ts';

export const signinRoutes =
  (sessions: SessionService, signin: SigninService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/v2/signin/list', { schema: { querystring: TokenParamSchema } }, async (request) => {
      const { userId } = await sessions.authenticate(tokenOf(request));
      return envelope(await signin.list(userId));
    });
  };
