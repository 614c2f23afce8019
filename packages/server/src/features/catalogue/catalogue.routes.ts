import { CategoryParamsSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { envelope } from '../../platform/reply.ts';
import { localeOf } from '../../platform/request.ts';
import { CATALOGUE_TOPIC, type CatalogueService } from './catalogue.service.ts';

/** Menus, categories and posters are the same for every user of a locale: public, served from memory. */
export const catalogueRoutes =
  (ctx: AppContext, catalogue: CatalogueService): FastifyPluginAsyncZod =>
  async (app) => {
    const json = 'application/json; charset=utf-8';

    app.get('/v1/menu/type', async (request, reply) => {
      const locale = localeOf(request);
      const body = await ctx.cache.getOrMake(CATALOGUE_TOPIC, `menus:${locale}`, async () =>
        envelope(await catalogue.menus(locale)),
      );
      return reply.type(json).send(body);
    });

    app.get('/v2/category/:type', { schema: { params: CategoryParamsSchema } }, async (request, reply) => {
      const { type } = request.params;
      const locale = localeOf(request);
      const body = await ctx.cache.getOrMake(CATALOGUE_TOPIC, `categories:${type}:${locale}`, async () =>
        envelope(await catalogue.categories(type, locale)),
      );
      return reply.type(json).send(body);
    });

    app.get('/v1/ad/poster', async (request, reply) => {
      const locale = localeOf(request);
      const body = await ctx.cache.getOrMake(CATALOGUE_TOPIC, `posters:${locale}`, async () =>
        envelope(await catalogue.posterAds(locale)),
      );
      return reply.type(json).send(body);
    });
  };
