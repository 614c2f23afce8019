import { CheckInBodySchema, Status, TokenParamSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../platform/reply.ts';
import { localeOf, tokenOf } from '../../platform/request.ts';
import type { SessionService } from '../session/session.service.ts';
import type { SigninService } from './signin.service.ts';

export const signinRoutes =
  (sessions: SessionService, signin: SigninService): FastifyPluginAsyncZod =>
  async (app) => {
    const querystring = TokenParamSchema;

    app.get('/v2/signin/list', { schema: { querystring } }, async (request) => {
      const { userId } = await sessions.authenticate(tokenOf(request));
      return envelope(await signin.list(userId, localeOf(request)));
    });

    app.post('/v2/signin', { schema: { querystring, body: CheckInBodySchema } }, async (request) => {
      const { userId } = await sessions.authenticate(tokenOf(request));
      return envelope(await signin.checkIn(userId, localeOf(request)), Status.ok, 'checkin_success');
    });
  };
