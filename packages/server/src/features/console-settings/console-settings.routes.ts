import multipart from '@fastify/multipart';
import {
  AppSettingsChangeSchema,
  AppSettingsReplySchema,
  HostLinesReplySchema,
  HostLinesSchema,
  SETTINGS_IMAGE_FIELD,
  SETTINGS_IMAGE_MAX_BYTES,
  SettingsImageReplySchema,
} from '@app/contract/console/settings';
import type { OperatorRole } from '@app/contract/console/operators';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readOneImage } from '../console/console-image-upload.ts';
import type { ConsoleSectionOptions } from '../console/console.plugin.ts';
import { createConsoleSettingsService } from './console-settings.service.ts';

/**
 * Who may do what (docs/decisions.md, console settings): owners and editors run the app's
 * settings and images; the host lines decide whether any app reaches the service at all, so only
 * an owner changes them (an editor may look).
 */
const EDITORS: OperatorRole[] = ['owner', 'editor'];
const OWNERS: OperatorRole[] = ['owner'];
const tags = ['settings'];

/** One image and nothing else; anything more is not a settings image. */
const IMAGE_LIMITS = {
  fileSize: SETTINGS_IMAGE_MAX_BYTES,
  files: 1,
  fields: 0,
  parts: 1,
  headerPairs: 100,
};

export const consoleSettingsRoutes: FastifyPluginAsyncZod<ConsoleSectionOptions> = async (
  app,
  { ctx, lines },
) => {
  const settings = createConsoleSettingsService(ctx, lines);

  app.get(
    '/settings/app',
    { config: { roles: EDITORS }, schema: { tags, response: { 200: AppSettingsReplySchema } } },
    async () => settings.appSettings(),
  );

  app.put(
    '/settings/app',
    {
      config: { roles: EDITORS },
      schema: { tags, body: AppSettingsChangeSchema, response: { 200: AppSettingsReplySchema } },
    },
    async (request) => settings.updateAppSettings(request.operator, request.body),
  );

  app.get(
    '/settings/lines',
    { config: { roles: EDITORS }, schema: { tags, response: { 200: HostLinesReplySchema } } },
    async (request) => settings.hostLines(request),
  );

  app.put(
    '/settings/lines',
    {
      config: { roles: OWNERS },
      schema: { tags, body: HostLinesSchema, response: { 200: HostLinesReplySchema } },
    },
    async (request) => settings.updateHostLines(request.operator, request.body, request),
  );

  // Multipart is parsed only in this scope: every other console route keeps the JSON body limit.
  await app.register(async (scope: FastifyInstance) => {
    await scope.register(multipart, { limits: IMAGE_LIMITS });
    scope.post(
      '/settings/images',
      {
        config: { roles: EDITORS },
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: SettingsImageReplySchema } },
      },
      async (request) =>
        settings.storeImage(
          request.operator,
          await readOneImage(request, SETTINGS_IMAGE_FIELD, {
            missing: ['settings_image_missing', 'settings_image_missing'],
            tooBig: ['settings_image_too_big', 'settings_image_too_big'],
          }),
        ),
    );
  });
};
