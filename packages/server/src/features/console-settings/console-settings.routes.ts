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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleFail } from '../console/console-errors.ts';
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
      async (request) => settings.storeImage(request.operator, await readImage(request)),
    );
  });
};

/** The one file part, within the limits: too big, a second part or another field is a 400 or 413. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) consoleFail(400, 'settings_image_missing', { image: 'settings_image_missing' });
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== SETTINGS_IMAGE_FIELD || image)
        consoleFail(400, 'invalid_input', { image: 'settings_image_missing' });
      image = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE')
        consoleFail(400, 'settings_image_too_big', { image: 'settings_image_too_big' });
      if (error.code.startsWith('FST_'))
        consoleFail(400, 'invalid_input', { image: 'settings_image_missing' });
    }
    throw error;
  }
  if (!image || image.length === 0)
    consoleFail(400, 'settings_image_missing', { image: 'settings_image_missing' });
  return image;
}
