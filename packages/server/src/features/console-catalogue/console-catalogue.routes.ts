import multipart from '@fastify/multipart';
import {
  ActorInputSchema,
  ActorListSchema,
  CATALOGUE_IMAGE_FIELD,
  CATALOGUE_IMAGE_MAX_BYTES,
  CATALOGUE_ROLES,
  CatalogueImageParamsSchema,
  CatalogueImageReplySchema,
  CategoryInputSchema,
  CategoryListSchema,
  ConsoleActorSchema,
  ConsoleCategorySchema,
  ConsoleCreatorSchema,
  ConsoleKeywordSchema,
  ConsoleStudioSchema,
  ConsoleVideoSchema,
  CreatorInputSchema,
  CreatorListSchema,
  EntityListQuerySchema,
  type EntityListQuery,
  EntityParamsSchema,
  KeywordInputSchema,
  KeywordListSchema,
  StudioInputSchema,
  StudioListSchema,
  VideoBulkReplySchema,
  VideoBulkSchema,
  VideoEditSchema,
  VideoListQuerySchema,
  VideoListSchema,
  VideoParamsSchema,
} from '@app/contract/console/catalogue';
import { OkSchema } from '@app/contract/console/operators';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { readOneImage } from '../console/console-image-upload.ts';
import type { ConsoleSectionOptions } from '../console/console.plugin.ts';
import { createConsoleCatalogueService } from './console-catalogue.service.ts';

/** The catalogue is content the app shows: owners and editors run it (docs/decisions.md). */
const config = { roles: [...CATALOGUE_ROLES] };
const tags = ['catalogue'];
const PREFIX = '/catalogue';

/** One picture and nothing else. */
const IMAGE_LIMITS = {
  fileSize: CATALOGUE_IMAGE_MAX_BYTES,
  files: 1,
  fields: 0,
  parts: 1,
  headerPairs: 100,
};

interface EntityRoutes<Input extends z.ZodType> {
  path: string;
  list: z.ZodType;
  item: z.ZodType;
  input: Input;
  listOf: (query: EntityListQuery) => Promise<unknown>;
  create: (operator: FastifyRequest['operator'], body: z.infer<Input>) => Promise<unknown>;
  update: (operator: FastifyRequest['operator'], id: number, body: z.infer<Input>) => Promise<unknown>;
  remove: (operator: FastifyRequest['operator'], id: number) => Promise<void>;
}

/** Console: the catalogue's videos and the things they name (issue 24, catalogue management). */
export const consoleCatalogueRoutes: FastifyPluginAsyncZod<ConsoleSectionOptions> = async (app, { ctx }) => {
  const catalogue = createConsoleCatalogueService(ctx);

  app.get(
    `${PREFIX}/videos`,
    { config, schema: { tags, querystring: VideoListQuerySchema, response: { 200: VideoListSchema } } },
    async (request) => catalogue.listVideos(request.query),
  );

  app.get(
    `${PREFIX}/videos/:id`,
    { config, schema: { tags, params: VideoParamsSchema, response: { 200: ConsoleVideoSchema } } },
    async (request) => catalogue.video(request.params.id),
  );

  app.patch(
    `${PREFIX}/videos/:id`,
    {
      config,
      schema: {
        tags,
        params: VideoParamsSchema,
        body: VideoEditSchema,
        response: { 200: ConsoleVideoSchema },
      },
    },
    async (request) => catalogue.editVideo(request.operator, request.params.id, request.body),
  );

  app.post(
    `${PREFIX}/videos/bulk`,
    { config, schema: { tags, body: VideoBulkSchema, response: { 200: VideoBulkReplySchema } } },
    async (request) => catalogue.bulkVideos(request.operator, request.body),
  );

  function entity<Input extends z.ZodType>(routes: EntityRoutes<Input>) {
    app.get(
      `${PREFIX}/${routes.path}`,
      { config, schema: { tags, querystring: EntityListQuerySchema, response: { 200: routes.list } } },
      async (request) => routes.listOf(request.query),
    );
    app.post(
      `${PREFIX}/${routes.path}`,
      { config, schema: { tags, body: routes.input, response: { 201: routes.item } } },
      async (request, reply) =>
        reply.code(201).send(await routes.create(request.operator, request.body as z.infer<Input>)),
    );
    app.put(
      `${PREFIX}/${routes.path}/:id`,
      {
        config,
        schema: { tags, params: EntityParamsSchema, body: routes.input, response: { 200: routes.item } },
      },
      async (request) => routes.update(request.operator, request.params.id, request.body as z.infer<Input>),
    );
    app.delete(
      `${PREFIX}/${routes.path}/:id`,
      { config, schema: { tags, params: EntityParamsSchema, response: { 200: OkSchema } } },
      async (request) => {
        await routes.remove(request.operator, request.params.id);
        return { ok: true as const };
      },
    );
  }

  entity({
    path: 'categories',
    list: CategoryListSchema,
    item: ConsoleCategorySchema,
    input: CategoryInputSchema,
    listOf: catalogue.listCategories,
    create: catalogue.createCategory,
    update: catalogue.updateCategory,
    remove: catalogue.deleteCategory,
  });
  entity({
    path: 'actors',
    list: ActorListSchema,
    item: ConsoleActorSchema,
    input: ActorInputSchema,
    listOf: catalogue.listActors,
    create: catalogue.createActor,
    update: catalogue.updateActor,
    remove: catalogue.deleteActor,
  });
  entity({
    path: 'studios',
    list: StudioListSchema,
    item: ConsoleStudioSchema,
    input: StudioInputSchema,
    listOf: catalogue.listStudios,
    create: catalogue.createStudio,
    update: catalogue.updateStudio,
    remove: catalogue.deleteStudio,
  });
  entity({
    path: 'creators',
    list: CreatorListSchema,
    item: ConsoleCreatorSchema,
    input: CreatorInputSchema,
    listOf: catalogue.listCreators,
    create: catalogue.createCreator,
    update: catalogue.updateCreator,
    remove: catalogue.deleteCreator,
  });
  entity({
    path: 'keywords',
    list: KeywordListSchema,
    item: ConsoleKeywordSchema,
    input: KeywordInputSchema,
    listOf: catalogue.listKeywords,
    create: catalogue.createKeyword,
    update: catalogue.updateKeyword,
    remove: catalogue.deleteKeyword,
  });

  // Multipart is parsed only in this scope: every other console route keeps the JSON body limit.
  await app.register(async (scope: FastifyInstance) => {
    await scope.register(multipart, { limits: IMAGE_LIMITS });
    scope.post(
      `${PREFIX}/images/:kind`,
      {
        config,
        schema: {
          tags,
          params: CatalogueImageParamsSchema,
          consumes: ['multipart/form-data'],
          response: { 200: CatalogueImageReplySchema },
        },
      },
      async (request) => {
        const { kind } = request.params as z.infer<typeof CatalogueImageParamsSchema>;
        return catalogue.storeImage(
          request.operator,
          kind,
          await readOneImage(request, CATALOGUE_IMAGE_FIELD, {
            missing: ['invalid_input', 'console_image_missing'],
            tooBig: ['invalid_input', 'console_image_too_big'],
          }),
        );
      },
    );
  });
};
