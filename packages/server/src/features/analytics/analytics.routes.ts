import { AnalyticsEventBodySchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { envelope } from '../../platform/reply.ts';
import { tokenOf } from '../../platform/request.ts';
import type { SessionService } from '../session/session.service.ts';

/**
 * POST /v1/analytics/event: the start-up failure events of part 1 §7. They are sent exactly when
 * something is broken — often the session itself — so a bad token is not a reason to drop one.
 */
export const analyticsRoutes =
  (ctx: AppContext, sessions: SessionService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/v1/analytics/event', { schema: { body: AnalyticsEventBodySchema } }, async (request) => {
      const token = tokenOf(request);
      // A token the server refuses (banned account, ended or lapsed session) explains the failure:
      // the line answered, the account was turned away. Such reports are kept but are not counted
      // as the line's failures on the dashboard (issue 37 §11).
      let accountRefused = false;
      const userId = await sessions
        .authenticate(token)
        .then((user) => user.userId)
        .catch((error: unknown) => {
          accountRefused = token !== undefined && token !== '' && error instanceof AppError;
          return null;
        });
      const { event, detail, line } = request.body;
      await ctx.db
        .insertInto('analytics_events')
        .values({
          event,
          detail: detail ?? null,
          line: line ?? null,
          user_id: userId,
          account_refused: accountRefused,
        })
        .execute();
      request.log.info({ event, line, userId }, 'client event');
      return envelope({});
    });
  };
