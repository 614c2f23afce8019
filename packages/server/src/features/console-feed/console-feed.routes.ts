import multipart from '@fastify/multipart';
import {
  AdInputSchema,
  AdOrderSchema,
  BlockInputSchema,
  ConsoleAdSchema,
  ConsoleAdsSchema,
  ConsoleBlockSchema,
  ConsoleBlocksSchema,
  ConsoleMenuSchema,
  ConsoleMenusSchema,
  FEED_IMAGE_FIELD,
  FEED_IMAGE_MAX_BYTES,
  FEED_ROLES,
  FeedDeletedSchema,
  FeedIdParamsSchema,
  FeedImageReplySchema,
  FeedOrderSchema,
  FeedTypeQuerySchema,
  MenuInputSchema,
  PickQuerySchema,
  PickReplySchema,
} from '@app/contract/console/feed';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readOneImage } from '../console/console-image-upload.ts';
import type { ConsoleSectionOptions } from '../console/console.plugin.ts';
import { createConsoleFeedService } from './console-feed.service.ts';

const tags = ['feed'];
/** What the app shows is content: owners and editors arrange it; support and finance do not. */
const config = { roles: FEED_ROLES };

/** One image and nothing else. */
const IMAGE_LIMITS = { fileSize: FEED_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 };

/** Console, catalogue presentation: menus, feed blocks, banners and feed ads, pickers (issue 24). */
export const consoleFeedRoutes: FastifyPluginAsyncZod<ConsoleSectionOptions> = async (app, { ctx }) => {
  const feed = createConsoleFeedService(ctx);

  // ---- menus ----
  app.get(
    '/feed/menus',
    { config, schema: { tags, querystring: FeedTypeQuerySchema, response: { 200: ConsoleMenusSchema } } },
    async (request) => feed.menus(request.query.type),
  );
  app.post(
    '/feed/menus',
    { config, schema: { tags, body: MenuInputSchema, response: { 201: ConsoleMenuSchema } } },
    async (request, reply) => reply.code(201).send(await feed.createMenu(request.operator, request.body)),
  );
  app.put(
    '/feed/menus/order',
    { config, schema: { tags, body: FeedOrderSchema, response: { 200: ConsoleMenusSchema } } },
    async (request) => feed.orderMenus(request.operator, request.body),
  );
  app.put(
    '/feed/menus/:id',
    {
      config,
      schema: {
        tags,
        params: FeedIdParamsSchema,
        body: MenuInputSchema,
        response: { 200: ConsoleMenuSchema },
      },
    },
    async (request) => feed.updateMenu(request.operator, request.params.id, request.body),
  );
  app.delete(
    '/feed/menus/:id',
    { config, schema: { tags, params: FeedIdParamsSchema, response: { 200: FeedDeletedSchema } } },
    async (request) => feed.deleteMenu(request.operator, request.params.id),
  );

  // ---- blocks ----
  app.get(
    '/feed/blocks',
    { config, schema: { tags, querystring: FeedTypeQuerySchema, response: { 200: ConsoleBlocksSchema } } },
    async (request) => feed.blocks(request.query.type),
  );
  app.post(
    '/feed/blocks',
    { config, schema: { tags, body: BlockInputSchema, response: { 201: ConsoleBlockSchema } } },
    async (request, reply) => reply.code(201).send(await feed.createBlock(request.operator, request.body)),
  );
  app.put(
    '/feed/blocks/order',
    { config, schema: { tags, body: FeedOrderSchema, response: { 200: ConsoleBlocksSchema } } },
    async (request) => feed.orderBlocks(request.operator, request.body),
  );
  app.put(
    '/feed/blocks/:id',
    {
      config,
      schema: {
        tags,
        params: FeedIdParamsSchema,
        body: BlockInputSchema,
        response: { 200: ConsoleBlockSchema },
      },
    },
    async (request) => feed.updateBlock(request.operator, request.params.id, request.body),
  );
  app.delete(
    '/feed/blocks/:id',
    { config, schema: { tags, params: FeedIdParamsSchema, response: { 200: FeedDeletedSchema } } },
    async (request) => feed.deleteBlock(request.operator, request.params.id),
  );

  // ---- banners and feed ads ----
  app.get(
    '/feed/ads',
    { config, schema: { tags, querystring: FeedTypeQuerySchema, response: { 200: ConsoleAdsSchema } } },
    async (request) => feed.ads(request.query.type),
  );
  app.post(
    '/feed/ads',
    { config, schema: { tags, body: AdInputSchema, response: { 201: ConsoleAdSchema } } },
    async (request, reply) => reply.code(201).send(await feed.createAd(request.operator, request.body)),
  );
  app.put(
    '/feed/ads/order',
    { config, schema: { tags, body: AdOrderSchema, response: { 200: ConsoleAdsSchema } } },
    async (request) => feed.orderAds(request.operator, request.body),
  );
  app.put(
    '/feed/ads/:id',
    {
      config,
      schema: { tags, params: FeedIdParamsSchema, body: AdInputSchema, response: { 200: ConsoleAdSchema } },
    },
    async (request) => feed.updateAd(request.operator, request.params.id, request.body),
  );
  app.delete(
    '/feed/ads/:id',
    { config, schema: { tags, params: FeedIdParamsSchema, response: { 200: FeedDeletedSchema } } },
    async (request) => feed.deleteAd(request.operator, request.params.id),
  );

  // ---- pickers ----
  app.get(
    '/feed/pick',
    { config, schema: { tags, querystring: PickQuerySchema, response: { 200: PickReplySchema } } },
    async (request) => feed.pick(request.query.kind, request.query.type, request.query.q),
  );

  // Multipart is parsed only in this scope: every other console route keeps the JSON body limit.
  await app.register(async (scope: FastifyInstance) => {
    await scope.register(multipart, { limits: IMAGE_LIMITS });
    scope.post(
      '/feed/images',
      {
        config,
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: FeedImageReplySchema } },
      },
      async (request) =>
        feed.storeImage(
          request.operator,
          await readOneImage(request, FEED_IMAGE_FIELD, {
            missing: ['settings_image_missing', 'settings_image_missing'],
            tooBig: ['settings_image_too_big', 'settings_image_too_big'],
          }),
        ),
    );
  });
};
