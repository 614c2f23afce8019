import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_ABANDONED_HOURS, type TranscodeJob } from '@app/contract/console/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { migrateToLatest } from '../../platform/db/migrations.ts';
import { mediaStoreOf, visibilityOf } from '../../platform/media-store/index.ts';
import { prepareDataDir } from '../../test/build-app.ts';
import { startS3Server, type S3Server } from '../../test/s3-server.ts';
import { consoleRequest, signInOperator, type OperatorSession } from '../console/console-kit.ts';
import { CONSOLE_PREFIX } from '../console/console.plugin.ts';
import { createUploads, uploadSettingsOf } from './console-media.uploads.ts';
import { sourceInStore } from './job-source.ts';
import { stagedUploadKey } from './staging-bucket.ts';
import { createTranscodeRunner } from './transcode-runner.ts';
import {
  createUpload,
  makeSampleFiles,
  sendBytes,
  stagedBytes,
  stagedSize,
  uploadFile,
  uploadOffset,
} from './upload-kit.ts';

/**
 * Console uploads with MEDIA_STORE=s3 (issue 33 item 3), whatever TEST_MEDIA_STORE says: this file
 * starts its own S3 server (or uses TEST_S3_ENDPOINT) under a prefix of its own. The tus S3 store
 * stages the bytes in the bucket's private `uploads/` prefix; nothing is staged on DATA_DIR; the
 * worker downloads the source to its scratch folder and writes the renditions back to the bucket.
 */
let s3: S3Server;
let samples: Awaited<ReturnType<typeof makeSampleFiles>>;
let sut: Awaited<ReturnType<typeof startNode>>;
let editor: OperatorSession;

const sha = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const meta = (title: string) => ({ filename: `${title}.mp4`, title, type: 'short' });

/**
 * A web node on a DATA_DIR of its own without the shared media folder the other tests link in, so
 * what the node creates on its disk shows.
 */
async function startNode(extraEnv: Record<string, string>) {
  const data = await prepareDataDir({ ...s3.env, ...extraEnv });
  await fs.rm(path.join(data.env.DATA_DIR!, 'media'));
  const config = loadConfig(data.env);
  const db = await openDatabase(config);
  await migrateToLatest(db);
  const built = await buildApp(config, db, { logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
  return {
    ...built,
    db,
    config,
    origin,
    async close() {
      await built.app.close();
      await db.destroy();
      await data.remove();
    },
  };
}

const jobOfUpload = (uploadId: string) =>
  sut.db.selectFrom('transcode_jobs').selectAll().where('upload_id', '=', uploadId).executeTakeFirstOrThrow();

beforeAll(async () => {
  s3 = await startS3Server();
  samples = await makeSampleFiles();
  sut = await startNode({
    TRANSCODE_CONCURRENCY: '0',
    S3_PREFIX: `bucket-uploads-${crypto.randomUUID()}`,
    UPLOAD_STAGING_QUOTA_GB: '1',
  });
  editor = await signInOperator(sut, 'editor');
}, 120_000);
afterAll(async () => {
  await sut?.close();
  await fs.rm(samples.work, { recursive: true, force: true });
  await s3?.stop();
});

describe('tus uploads staged in the bucket', () => {
  it('stages the parts in the private uploads/ prefix, resumes, and ends with the identical object', async () => {
    // Over the tus S3 store's 5 MB minimum part: one real part, then a short tail kept as `.part`.
    const bytes = crypto.randomBytes(6 * 1024 * 1024 + 12_345);
    const created = await createUpload(sut.origin, editor, bytes.length, meta('Into the bucket'));
    expect(created.status).toBe(201);
    const id = created.id!;
    const first = 5 * 1024 * 1024 + 1000;
    expect((await sendBytes(sut.origin, editor, id, 0, bytes.subarray(0, first))).offset).toBe(first);
    // A short PATCH, then the offset asked again as a resuming console does.
    expect((await sendBytes(sut.origin, editor, id, first, bytes.subarray(first, first + 4096))).status).toBe(
      204,
    );
    expect(await uploadOffset(sut.origin, editor, id)).toMatchObject({ status: 200, offset: first + 4096 });
    expect(await stagedSize(sut, id)).toBe(first + 4096);
    const rest = await sendBytes(sut.origin, editor, id, first + 4096, bytes.subarray(first + 4096));
    expect([rest.status, rest.offset]).toEqual([204, bytes.length]);

    expect(sha((await stagedBytes(sut, id))!)).toBe(sha(bytes));
    const stored = await mediaStoreOf(sut.config).list('');
    const mine = stored.filter((entry) => entry.key.includes(id)).map((entry) => entry.key);
    expect(mine.sort()).toEqual([stagedUploadKey(id), `${stagedUploadKey(id)}.info`]);
    expect(mine.every((key) => visibilityOf(key) === 'private')).toBe(true);
    // Only the job row says where: the bucket object, for a worker on any machine.
    const job = await jobOfUpload(id);
    expect(job).toMatchObject({ state: 'queued', source_file: sourceInStore(stagedUploadKey(id)) });
    // Nothing staged on this node's disk, and no empty media folders made for show.
    expect(await fs.readdir(sut.config.dataDir)).not.toContain('uploads');
    expect(await fs.readdir(sut.config.dataDir)).not.toContain('media');
  });

  it('removes a cancelled upload from the bucket: its multipart upload, info and short part', async () => {
    const created = await createUpload(sut.origin, editor, 1_000_000, meta('Cancelled in the bucket'));
    const id = created.id!;
    expect((await sendBytes(sut.origin, editor, id, 0, crypto.randomBytes(300_000))).status).toBe(204);
    expect(await stagedSize(sut, id)).toBe(300_000);
    const reply = await fetch(`${sut.origin}/admin/api/transcode/uploads/${id}`, {
      method: 'DELETE',
      headers: { 'tus-resumable': '1.0.0', cookie: editor.cookie, 'x-csrf-token': editor.csrf },
    });
    expect(reply.status).toBe(204);
    expect(await stagedSize(sut, id)).toBeUndefined();
    expect(
      (await mediaStoreOf(sut.config).list('uploads/')).filter((entry) => entry.key.includes(id)),
    ).toEqual([]);
  });

  it('budgets declared lengths against UPLOAD_STAGING_QUOTA_GB, not this disk, and refuses NUL metadata', async () => {
    const big = await createUpload(sut.origin, editor, 2 * 1024 ** 3, meta('Over the quota'));
    expect([big.status, big.body]).toEqual([409, '{"error":"disk_full"}']);
    const fits = await createUpload(sut.origin, editor, 512 * 1024 ** 2, meta('Within the quota'));
    expect(fits.status).toBe(201);
    const second = await createUpload(sut.origin, editor, 600 * 1024 ** 2, meta('Past the rest'));
    expect([second.status, second.body]).toEqual([409, '{"error":"disk_full"}']);
    const nul = await createUpload(sut.origin, editor, 1000, { ...meta('Bad'), filename: 'a\0b.mp4' });
    expect([nul.status, nul.body]).toEqual([400, '{"error":"upload_metadata"}']);
  });
});

describe('the worker and a source in the bucket', () => {
  const runnerOf = (dataDir: string) =>
    createTranscodeRunner({
      db: sut.db,
      dataDir,
      store: mediaStoreOf(sut.config),
      imageKey: sut.ctx.secrets.imageKey,
      concurrency: 1,
      soleProcess: false,
      abandonedAfterMs: UPLOAD_ABANDONED_HOURS * 3_600_000,
      removeUpload: createUploads(sut.db, CONSOLE_PREFIX, uploadSettingsOf(sut.config)).remove,
    });

  it('downloads the source into its own scratch folder, writes the renditions back, then drops the source', async () => {
    const uploadId = await uploadFile(sut.origin, editor, samples.clip, {
      title: 'Worked elsewhere',
      type: 'short',
    });
    // A worker on another machine: a DATA_DIR of its own, sharing only the database and the bucket.
    const scratch = await fs.mkdtemp(path.join(sut.config.dataDir, '..', 'worker-'));
    try {
      const job = await jobOfUpload(uploadId);
      const runner = runnerOf(scratch);
      await runner.runOne(job.id);
      // (A runner goes on to the next queued job when one ends: stopped, it hands that one back.)
      await runner.stop();
      const done = await jobOfUpload(uploadId);
      expect(done).toMatchObject({ state: 'done', attempts: 1, failure: null });
      const reply = await consoleRequest(sut, editor, 'GET', `/admin/api/transcode/jobs/${job.id}`);
      const listed = reply.json() as TranscodeJob;
      expect(listed.video).toMatchObject({ published: false });
      const hls = await mediaStoreOf(sut.config).list(`hls/${job.asset_id}/`);
      expect(hls.map((entry) => entry.key)).toContain(`hls/${job.asset_id}/480/index.m3u8`);
      expect(hls.every((entry) => visibilityOf(entry.key) === 'public')).toBe(true);
      expect(await stagedSize(sut, uploadId)).toBeUndefined();
      // The scratch copy went with the job.
      expect(await fs.readdir(path.join(scratch, 'transcode')).catch(() => [])).toEqual([]);
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  });

  it('fails a job whose source is gone from the bucket as source_missing (no worker anywhere has it)', async () => {
    const uploadId = await uploadFile(sut.origin, editor, samples.clip, {
      title: 'Lost source',
      type: 'short',
    });
    await mediaStoreOf(sut.config).delete(stagedUploadKey(uploadId));
    const scratch = await fs.mkdtemp(path.join(sut.config.dataDir, '..', 'worker-'));
    try {
      const runner = runnerOf(scratch);
      await runner.runOne((await jobOfUpload(uploadId)).id);
      await runner.stop();
      expect(await jobOfUpload(uploadId)).toMatchObject({ state: 'failed', failure: 'source_missing' });
      expect(
        (await mediaStoreOf(sut.config).list('uploads/')).filter((entry) => entry.key.includes(uploadId)),
      ).toEqual([]);
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
  });
});
