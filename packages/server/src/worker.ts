import { mediaStoreOf } from './platform/media-store/index.ts';
import { UPLOAD_ABANDONED_HOURS } from '@app/contract/console/media';
import Fastify from 'fastify';
import type { Config } from './config.ts';
import { CONSOLE_PREFIX } from './features/console/console.plugin.ts';
import { createUploads, uploadSettingsOf } from './features/console-media/console-media.uploads.ts';
import { createTranscodeRunner } from './features/console-media/transcode-runner.ts';
import type { Db } from './platform/db/database.ts';
import { loggerOptions } from './platform/log.ts';
import { readiness } from './platform/readiness.ts';
import { loadSecrets } from './platform/settings.ts';

/**
 * A worker node (ROLE=worker): this process's share of the transcode queue and nothing a visitor
 * reaches. Its port answers only the health checks a supervisor or load balancer asks:
 * /healthz and /livez (the process answers) and /readyz (the database answers, not stopping).
 * Closing the app stops every ffmpeg and hands its jobs back to the queue.
 */
export async function buildWorker(config: Config, db: Db) {
  const app = Fastify({ logger: loggerOptions(config) });
  const secrets = await loadSecrets(db);
  // The uploads' own files: a finished job removes its upload (the staged bytes on this disk).
  const uploads = createUploads(db, CONSOLE_PREFIX, uploadSettingsOf(config));
  const runner = createTranscodeRunner({
    db,
    dataDir: config.dataDir,
    store: mediaStoreOf(config),
    imageKey: secrets.imageKey,
    concurrency: config.transcode.concurrency,
    limits: config.transcode.limits,
    soleProcess: false,
    abandonedAfterMs: UPLOAD_ABANDONED_HOURS * 3_600_000,
    removeUpload: uploads.remove,
    log: app.log,
  });
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
  app.addHook('onClose', async () => uploads.close());

  const databaseAnswers = () =>
    db
      .selectFrom('settings')
      .select('key')
      .limit(1)
      .execute()
      .then(
        () => true,
        () => false,
      );
  app.get('/livez', async () => ({ ok: true }));
  app.get('/healthz', async (_request, reply) =>
    (await databaseAnswers()) ? { ok: true } : reply.code(503).send({ ok: false }),
  );
  app.get('/readyz', async (_request, reply) => {
    const ready = readiness.migrated && !readiness.shuttingDown && (await databaseAnswers());
    return reply.code(ready ? 200 : 503).send({ ok: ready });
  });
  return { app, runner };
}
