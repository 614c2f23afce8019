import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { requestOrigin } from '../../platform/origin.ts';
import { envelope } from '../../platform/reply.ts';
import { localeOf } from '../../platform/request.ts';
import { APP_INFO_TOPIC, type AppInfoService } from './app-info.service.ts';

export const appInfoRoutes =
  (ctx: AppContext, appInfo: AppInfoService): FastifyPluginAsyncZod =>
  async (app) => {
    // Public: the client needs it before it has a token. Cached per validated origin the client used
    // and locale.
    app.get('/v1/appinfo', async (request, reply) => {
      const body = await ctx.cache.getOrMake(
        APP_INFO_TOPIC,
        `${localeOf(request)}:${requestOrigin(ctx.config, request)}`,
        async () => envelope(await appInfo.appInfo(request)),
      );
      return reply.type('application/json; charset=utf-8').send(body);
    });
  };
