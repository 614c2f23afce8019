import { mediaStoreOf } from '../../platform/media-store/index.ts';
import multipart from '@fastify/multipart';
import {
  COVER_IMAGE_FIELD,
  COVER_IMAGE_MAX_BYTES,
  CoverChoiceBodySchema,
  JobIdParamsSchema,
  MEDIA_ROLES,
  PublishBodySchema,
  PublishReplySchema,
  TRANSCODE_EVENTS_PATH,
  TranscodeJobListQuerySchema,
  TranscodeJobListSchema,
  TranscodeJobSchema,
  UPLOAD_ABANDONED_HOURS,
  UPLOAD_ENDPOINT,
  VideoCoversSchema,
  VideoDeletedSchema,
  VideoIdParamsSchema,
} from '@app/contract/console/media';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleFail } from '../console/console-errors.ts';
import { readOneImage } from '../console/console-image-upload.ts';
import { CONSOLE_PREFIX, type ConsoleSectionOptions } from '../console/console.plugin.ts';
import { createUploads, uploadSettingsOf } from './console-media.uploads.ts';
import { UPLOAD_ID_PATTERN } from './staging-store.ts';
import { createConsoleMediaService } from './console-media.service.ts';
import { createJobEvents } from './job-events.ts';
import * as queue from './transcode-queue.ts';
import { createTranscodeRunner } from './transcode-runner.ts';
import { recordAudit } from '../operators/audit.ts';

const tags = ['media'];
/** The catalogue is the owner's and the editors' (docs/decisions.md, "Console catalogue: upload and transcode"). */
const config = { roles: [...MEDIA_ROLES] };

const UploadParamsSchema = z.object({ id: z.string().regex(UPLOAD_ID_PATTERN) });

/** One image and nothing else. */
const IMAGE_LIMITS = { fileSize: COVER_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 };

/**
 * Console "Upload and transcode" (tus uploads, the job list, its live stream, retry) and the media
 * actions on a video (publish, cover, delete). This process's transcode workers start with it.
 */
export const consoleMediaRoutes: FastifyPluginAsyncZod<ConsoleSectionOptions> = async (app, { ctx }) => {
  const uploads = createUploads(ctx.db, CONSOLE_PREFIX, uploadSettingsOf(ctx.config));
  const runner = createTranscodeRunner({
    db: ctx.db,
    dataDir: ctx.config.dataDir,
    store: mediaStoreOf(ctx.config),
    imageKey: ctx.secrets.imageKey,
    concurrency: ctx.config.transcode.concurrency,
    limits: ctx.config.transcode.limits,
    soleProcess: !ctx.config.databaseUrl,
    abandonedAfterMs: UPLOAD_ABANDONED_HOURS * 3_600_000,
    removeUpload: uploads.remove,
    log: app.log,
  });
  const media = createConsoleMediaService(ctx, uploads, runner);
  const events = createJobEvents(ctx.db, media.job);
  app.addHook('onReady', async () => runner.start());
  app.addHook('preClose', async () => events.close());
  // Before the requests in flight are waited for: uploads end resumable rather than hold the stop.
  app.addHook('preClose', async () => uploads.releaseAll());
  app.addHook('onClose', async () => runner.stop());
  app.addHook('onClose', async () => uploads.close());

  // ── tus ──
  await app.register(async (scope: FastifyInstance) => {
    // The bytes of a PATCH stay unread for the tus server, which streams them to disk.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handOver = async (request: FastifyRequest, reply: FastifyReply, checkedId?: string) => {
      // The tus server answers a request of another protocol version in plain text: refuse it here.
      if (request.headers['tus-resumable'] !== '1.0.0') consoleFail(400, 'tus_version');
      if (request.raw.url?.includes('?')) consoleFail(400, 'invalid_input');
      // Concatenation (tus's parallel-upload extension) is not offered: refused in the console's shape.
      if (request.headers['upload-concat'] !== undefined) consoleFail(400, 'upload_concat_unsupported');
      uploads.operatorOf.set(request.raw, request.operator);
      if (checkedId) uploads.checkedIdOf.set(request.raw, checkedId);
      reply.hijack();
      await uploads.tus.handle(request.raw, reply.raw);
    };
    /** An operator reaches only their own uploads (the owner reaches all); others are not there. */
    const ownUpload = async (request: FastifyRequest, id: string) => {
      // tus speaks without query strings; one here could only be naming a second upload id.
      if (request.raw.url?.includes('?')) consoleFail(400, 'invalid_input');
      const row = await queue.findJobByUpload(ctx.db, id);
      if (!row || (request.operator.role !== 'owner' && row.operator_id !== request.operator.id))
        consoleFail(404, 'not_found');
      return row;
    };
    const uploadSchema = { tags, params: UploadParamsSchema, hide: true };

    scope.post(UPLOAD_ENDPOINT, { config, schema: { tags, hide: true } }, handOver);
    scope.route({
      method: 'HEAD',
      url: `${UPLOAD_ENDPOINT}/:id`,
      config,
      schema: uploadSchema,
      handler: async (request, reply) => {
        const { id } = request.params as { id: string };
        await ownUpload(request, id);
        await handOver(request, reply, id);
      },
    });
    scope.patch(`${UPLOAD_ENDPOINT}/:id`, { config, schema: uploadSchema }, async (request, reply) => {
      const { id } = request.params as { id: string };
      await ownUpload(request, id);
      await queue.touchUpload(ctx.db, id);
      await handOver(request, reply, id);
    });
    scope.delete(`${UPLOAD_ENDPOINT}/:id`, { config, schema: uploadSchema }, async (request, reply) => {
      const { id } = request.params as { id: string };
      await ownUpload(request, id);
      // tus termination: the row and the bytes go before the answer, so a 204 means gone; under the
      // upload's lock, so no PATCH in any process is still writing to the file.
      await uploads.whileLocked(id, async () => {
        const row = await ownUpload(request, id);
        if (row.state !== 'uploading') consoleFail(409, 'job_busy');
        await ctx.db.transaction().execute(async (trx) => {
          await queue.deleteJob(trx, row.id);
          await recordAudit(trx, request.operator, {
            action: 'transcode.remove',
            target: `transcode_job:${row.id}`,
            before: { state: row.state, fileName: row.file_name },
          });
        });
        await uploads.remove(id);
      });
      return reply.code(204).header('tus-resumable', '1.0.0').send();
    });
  });

  // ── jobs ──
  app.get(
    '/transcode/jobs',
    {
      config,
      schema: { tags, querystring: TranscodeJobListQuerySchema, response: { 200: TranscodeJobListSchema } },
    },
    async (request) => media.jobs(request.query),
  );
  app.get(
    '/transcode/jobs/:id',
    { config, schema: { tags, params: JobIdParamsSchema, response: { 200: TranscodeJobSchema } } },
    async (request) => (await media.job(request.params.id)) ?? consoleFail(404, 'not_found'),
  );
  app.post(
    '/transcode/jobs/:id/retry',
    { config, schema: { tags, params: JobIdParamsSchema, response: { 200: TranscodeJobSchema } } },
    async (request) => media.retry(request.operator, request.params.id),
  );
  app.delete(
    '/transcode/jobs/:id',
    { config, schema: { tags, params: JobIdParamsSchema } },
    async (request, reply) => {
      await media.remove(request.operator, request.params.id);
      return reply.code(204).send();
    },
  );
  // An event stream takes no parameters; anything else is refused before the stream opens.
  app.get(
    TRANSCODE_EVENTS_PATH,
    { config, schema: { tags, hide: true, querystring: z.object({}).strict() } },
    async (request, reply) => {
      reply.hijack();
      events.subscribe(reply.raw);
    },
  );

  // ── media actions on a video ──
  app.post(
    '/videos/publish',
    { config, schema: { tags, body: PublishBodySchema, response: { 200: PublishReplySchema } } },
    async (request) => media.publish(request.operator, request.body),
  );
  app.get(
    '/videos/:id/covers',
    { config, schema: { tags, params: VideoIdParamsSchema, response: { 200: VideoCoversSchema } } },
    async (request) => media.covers(request.params.id),
  );
  app.put(
    '/videos/:id/cover',
    {
      config,
      schema: {
        tags,
        params: VideoIdParamsSchema,
        body: CoverChoiceBodySchema,
        response: { 200: VideoCoversSchema },
      },
    },
    async (request) => media.chooseCover(request.operator, request.params.id, request.body.candidate),
  );
  app.delete(
    '/videos/:id',
    { config, schema: { tags, params: VideoIdParamsSchema, response: { 200: VideoDeletedSchema } } },
    async (request) => media.deleteVideo(request.operator, request.params.id),
  );
  // Multipart is parsed only in this scope: every other console route keeps the JSON body limit.
  await app.register(async (scope: FastifyInstance) => {
    await scope.register(multipart, { limits: IMAGE_LIMITS });
    scope.post(
      '/videos/:id/cover-image',
      {
        config,
        schema: {
          tags,
          params: VideoIdParamsSchema,
          consumes: ['multipart/form-data'],
          response: { 200: VideoCoversSchema },
        },
      },
      async (request) =>
        media.uploadCover(
          request.operator,
          (request.params as { id: number }).id,
          await readOneImage(request, COVER_IMAGE_FIELD, {
            missing: ['cover_image_missing', 'cover_image_missing'],
            tooBig: ['cover_image_too_big', 'cover_image_too_big'],
          }),
        ),
    );
  });
};
