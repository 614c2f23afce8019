import { CategoryParamsSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { envelope } from '../../platform/reply.ts';
import { CATALOGUE_TOPIC, type CatalogueService } from './catalogue.service.ts';

/** Menus, categories and posters are the same for every user: public, served from memory. */
export const catalogueRoutes =
  (ctx: AppContext, catalogue: CatalogueService): FastifyPluginAsyncZod =>
  async (app) => {
    const json = 'application/json; charset=utf-8';

    app.get('/v1/menu/type', async (_request, reply) => {
      const body = await ctx.cache.getOrMake(CATALOGUE_TOPIC, 'menus', async () =>
        envelope(await catalogue.menus()),
      );
      return reply.type(json).send(body);
    });

    app.get('/v2/category/:type', { schema: { params: CategoryParamsSchema } }, async (request, reply) => {
      const { type } = request.params;
      const body = await ctx.cache.getOrMake(CATALOGUE_TOPIC, `categories:${type}`, async () =>
        envelope(await catalogue.categories(type)),
      );
      return reply.type(json).send(body);
    });

    app.get('/v1/ad/poster', async (_request, reply) => {
      const body = await ctx.cache.getOrMake(CATALOGUE_TOPIC, 'posters', async () =>
        envelope(await catalogue.posterAds()),
      );
      return reply.type(json).send(body);
    });
  };
