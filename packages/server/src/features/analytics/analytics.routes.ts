import { AnalyticsEventBodySchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
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
      const userId = await sessions
        .authenticate(tokenOf(request))
        .then((user) => user.userId)
        .catch(() => null);
      const { event, detail, line } = request.body;
      await ctx.db
        .insertInto('analytics_events')
        .values({ event, detail: detail ?? null, line: line ?? null, user_id: userId })
        .execute();
      request.log.info({ event, line, userId }, 'client event');
      return envelope({});
    });
  };
