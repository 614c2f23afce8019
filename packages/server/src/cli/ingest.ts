import { mediaStoreOf } from '../platform/media-store/index.ts';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { VIDEO_TYPES, type VideoType } from '@app/contract';
import { UPLOAD_ABANDONED_HOURS } from '@app/contract/console/media';
import { loadConfig } from '../config.ts';
import { useFfmpeg } from '../media/ffmpeg.ts';
import * as queue from '../features/console-media/transcode-queue.ts';
import { createTranscodeRunner } from '../features/console-media/transcode-runner.ts';
import { bumpCacheVersion } from '../platform/cache-versions.ts';
import { CATALOGUE_TOPIC } from '../features/catalogue/catalogue.service.ts';
import { openDatabase } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrations.ts';
import { loadSecrets } from '../platform/settings.ts';

/**
 * `npm run ingest -- <file> --type long|short|original --title "…" [--publish]`: the file becomes
 * a transcode job of the same queue the console's uploads join, run here (or by a server sharing
 * the PostgreSQL, whichever claims it first). The video is made unpublished unless `--publish`.
 */
const usage = 'usage: npm run ingest -- <file> --type long|short|original --title "title" [--publish]';
function readArgs() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { type: { type: 'string' }, title: { type: 'string' }, publish: { type: 'boolean' } },
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}
const { values, positionals } = readArgs();
const file = positionals[0];
const type = values.type as VideoType | undefined;
const title = values.title?.trim();
if (!file || !type || !VIDEO_TYPES.includes(type) || !title) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
useFfmpeg(config.ffmpegPath, config.ffprobePath);
const db = await openDatabase(config);
let exitCode = 0;
try {
  await migrateToLatest(db);
  const { imageKey } = await loadSecrets(db);
  const source = path.resolve(file);
  const size = (await fs.stat(source).catch(() => undefined))?.size ?? 0;
  const job = await queue.insertJob(db, {
    uploadId: null,
    operatorId: null,
    sourceFile: source,
    // The operator's own file stays where it is.
    keepSource: true,
    fileName: path.basename(source).slice(0, 255),
    sizeBytes: size,
    title,
    type,
    assetId: `up-${crypto.randomBytes(8).toString('hex')}`,
    state: 'queued',
  });
  const runner = createTranscodeRunner({
    db,
    dataDir: config.dataDir,
    store: mediaStoreOf(config),
    imageKey,
    concurrency: 1,
    limits: config.transcode.limits,
    soleProcess: false,
    abandonedAfterMs: UPLOAD_ABANDONED_HOURS * 3_600_000,
    removeUpload: async () => {},
  });
  await runner.runOne(job.id);
  // A server on the same PostgreSQL may have claimed it first: wait for the row to settle.
  let row = await queue.findJob(db, job.id);
  while (row && (row.state === 'queued' || row.state === 'running')) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    row = await queue.findJob(db, job.id);
  }
  if (row?.state !== 'done' || row.video_id === null) {
    console.error(`ingest failed: ${row?.failure_detail ?? 'the job disappeared'}`);
    exitCode = 1;
  } else {
    const video = await db
      .selectFrom('videos')
      .select(['avkey'])
      .where('id', '=', row.video_id)
      .executeTakeFirstOrThrow();
    if (values.publish) {
      await db.updateTable('videos').set({ unpublished_at: null }).where('id', '=', row.video_id).execute();
      await bumpCacheVersion(db, CATALOGUE_TOPIC);
    }
    const state = values.publish ? 'published' : 'unpublished';
    console.log(`ingested ${file} as ${type} video ${video.avkey} (asset ${row.asset_id}, ${state})`);
  }
} catch (error) {
  console.error(`ingest failed: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await db.destroy();
}
process.exit(exitCode);
