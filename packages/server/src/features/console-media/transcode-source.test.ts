import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_ABANDONED_HOURS } from '@app/contract/console/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaStoreOf } from '../../platform/media-store/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { createTranscodeRunner } from './transcode-runner.ts';
import * as queue from './transcode-queue.ts';
import { makeSampleFiles } from './upload-kit.ts';

/**
 * A job whose source is a path on another machine's disk (MEDIA_STORE=local, uploads staged on the
 * web node that took them, workers on other machines): a worker that cannot read it hands it back
 * without counting an attempt and does not take it again, a worker where the file is finishes it,
 * and a job no worker can read ends as source_missing after UNREADABLE_GIVE_UP_MS (issue 33 item 3).
 * Two machines here are two DATA_DIRs (a worker's place is its host name and DATA_DIR).
 */
let sut: TestApp;
let samples: Awaited<ReturnType<typeof makeSampleFiles>>;
let work: string;

beforeAll(async () => {
  sut = await buildTestApp({ TRANSCODE_CONCURRENCY: '0' });
  samples = await makeSampleFiles();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'transcode-source-'));
}, 120_000);
afterAll(async () => {
  await sut.close();
  await fs.rm(samples.work, { recursive: true, force: true });
  await fs.rm(work, { recursive: true, force: true });
});

function runnerOn(dataDir: string, options: { soleProcess?: boolean; unreadableGiveUpMs?: number } = {}) {
  return createTranscodeRunner({
    db: sut.db,
    dataDir,
    store: mediaStoreOf(sut.config),
    imageKey: sut.ctx.secrets.imageKey,
    concurrency: 1,
    soleProcess: options.soleProcess ?? false,
    unreadableGiveUpMs: options.unreadableGiveUpMs,
    abandonedAfterMs: UPLOAD_ABANDONED_HOURS * 3_600_000,
    removeUpload: async () => undefined,
  });
}

async function machine(name: string) {
  const dataDir = path.join(work, name);
  await fs.mkdir(dataDir, { recursive: true });
  return { dataDir, place: `${os.hostname()}:${dataDir}`, runner: runnerOn(dataDir) };
}

/** A queued job whose source is a file under `dataDir` (kept: the ingest CLI's way, no upload). */
async function queuedJob(dataDir: string, title: string) {
  return queue.insertJob(sut.db, {
    uploadId: null,
    operatorId: null,
    sourceFile: path.join(dataDir, 'uploads', `${crypto.randomBytes(16).toString('hex')}.mp4`),
    keepSource: true,
    fileName: `${title}.mp4`,
    sizeBytes: (await fs.stat(samples.clip)).size,
    title,
    type: 'short',
    assetId: `up-${crypto.randomBytes(8).toString('hex')}`,
    state: 'queued',
  });
}

const rowOf = (id: number) =>
  sut.db.selectFrom('transcode_jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a source on another machine', () => {
  it('is handed back by a worker that cannot read it, without an attempt, and finished where it can be read', async () => {
    const [a, b] = [await machine('a'), await machine('b')];
    const job = await queuedJob(b.dataDir, 'Staged on machine B');

    await a.runner.runOne(job.id);
    expect(await rowOf(job.id)).toMatchObject({
      state: 'queued',
      attempts: 0,
      failure: null,
      claim: null,
      source_misses: [a.place],
    });
    // Machine A does not take it again (no busy loop of claims and hand-backs).
    await a.runner.runOne(job.id);
    expect(await rowOf(job.id)).toMatchObject({ state: 'queued', attempts: 0, source_misses: [a.place] });

    // On machine B the file is there: its worker makes the video.
    const source = (await rowOf(job.id)).source_file;
    await fs.mkdir(path.dirname(source), { recursive: true });
    await fs.copyFile(samples.clip, source);
    await b.runner.runOne(job.id);
    const done = await rowOf(job.id);
    expect(done).toMatchObject({ state: 'done', attempts: 1, failure: null });
    expect(done.video_id).not.toBeNull();
    expect((await mediaStoreOf(sut.config).list(`hls/${job.asset_id}/`)).length).toBeGreaterThan(0);
    await Promise.all([a.runner.stop(), b.runner.stop()]);
  });

  it('ends as source_missing once no worker has read it for the give-up time', async () => {
    const [a, c] = [await machine('a2'), await machine('c')];
    const job = await queuedJob(path.join(work, 'gone'), 'Staged on a machine that is gone');
    await a.runner.runOne(job.id);
    await c.runner.runOne(job.id);
    expect(await rowOf(job.id)).toMatchObject({
      state: 'queued',
      attempts: 0,
      source_misses: [a.place, c.place],
    });
    // Not yet: the give-up time has not passed since the first hand-back.
    await a.runner.sweepUnreadable();
    expect((await rowOf(job.id)).state).toBe('queued');

    const impatient = runnerOn(a.dataDir, { unreadableGiveUpMs: 0 });
    await impatient.sweepUnreadable();
    const failed = await rowOf(job.id);
    expect(failed).toMatchObject({ state: 'failed', failure: 'source_missing' });
    expect(failed.failure_detail).toContain(c.place);
    // A retry by an operator starts afresh: every place may try again.
    const retried = await queue.requeueFailed(sut.db, job.id);
    expect(retried).toMatchObject({ state: 'queued', source_misses: [], source_missed_at: null });
    await queue.deleteJob(sut.db, job.id);
    await Promise.all([a.runner.stop(), c.runner.stop(), impatient.stop()]);
  });

  it('fails at once in a sole process (embedded PGlite: no other worker could have the file)', async () => {
    const dataDir = path.join(work, 'sole');
    const job = await queuedJob(dataDir, 'Deleted before its turn');
    const sole = runnerOn(dataDir, { soleProcess: true });
    await sole.runOne(job.id);
    expect(await rowOf(job.id)).toMatchObject({ state: 'failed', failure: 'source_missing', attempts: 1 });
    await sole.stop();
  });
});
