import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HOPELESS_FAILURES, type TranscodeStage } from '@app/contract/console/media';
import type { Db } from '../../platform/db/database.ts';
import { notificationsOf, type Unlisten } from '../../platform/db/notifications.ts';
import { toSimplified, toTraditional } from '../../platform/script.ts';
import {
  failureOf,
  transcodeVideo,
  type TranscodeLimits,
  type TranscodeProgress,
} from '../../media/transcode.ts';
import { removeStoredImage, storeEncryptedImage } from '../ingest/encrypted-images.ts';
import { metrics } from '../../platform/metrics.ts';
import type { MediaStore } from '../../platform/media-store/index.ts';
import { storeKeyOfSource } from './job-source.ts';
import * as queue from './transcode-queue.ts';

export const TRANSCODE_CHANNEL = 'transcode_jobs';
/** A worker renews its lease every HEARTBEAT; a lease not renewed for LEASE lets another take the job. */
const LEASE_SECONDS = 20;
const HEARTBEAT_MS = 5000;
/** Progress reaches the row (and the console) at most this often per job. */
const PROGRESS_EVERY_MS = 500;
/** Lapsed leases are looked for this often, besides the wake-up of every queued job. */
const SWEEP_EVERY_MS = 5000;
const CLEAN_EVERY_MS = 60 * 60_000;
/**
 * A job whose source no worker could read (a path on a machine whose workers are gone) fails as
 * `source_missing` this long after the first worker handed it back.
 */
export const UNREADABLE_GIVE_UP_MS = 15 * 60_000;

export interface RunnerOptions {
  db: Db;
  dataDir: string;
  /** Where renditions and images go (the bucket with MEDIA_STORE=s3). */
  store: MediaStore;
  imageKey: Buffer;
  /** Jobs (one ffmpeg each) this process runs at once; 0 runs none. */
  concurrency: number;
  /** What one job may cost (config.transcode.limits); the defaults when not given. */
  limits?: TranscodeLimits;
  /** Embedded PGlite: this is the only process, so running rows at start are orphans. */
  soleProcess: boolean;
  /** Uploads untouched for this long are removed. */
  abandonedAfterMs: number;
  /** The tus store's own files of an upload (its bytes and its info file). */
  removeUpload: (uploadId: string) => Promise<void>;
  /**
   * Where this worker runs, as far as a source path on a disk goes (default: host name and
   * DATA_DIR): a worker that cannot read a job's source hands it back and no worker of the same
   * place takes it again.
   */
  place?: string;
  /** How long a job no worker can read waits for one that can (UNREADABLE_GIVE_UP_MS). */
  unreadableGiveUpMs?: number;
  log?: { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
}

/** Where jobs work: private (not under media/), one folder per attempt. */
export const workRoot = (dataDir: string) => path.join(dataDir, 'transcode');

/**
 * The transcode workers of one process. They wake on every queued job (the table's notification),
 * look for lapsed leases every few seconds, and hand their jobs back when the process stops.
 */
export function createTranscodeRunner(options: RunnerOptions) {
  const { db, concurrency } = options;
  const place = options.place ?? `${os.hostname()}:${path.resolve(options.dataDir)}`;
  const giveUpMs = options.unreadableGiveUpMs ?? UNREADABLE_GIVE_UP_MS;
  const running = new Map<number, { claim: string; abort: AbortController; done: Promise<void> }>();
  let stopped = false;
  let pumping = false;
  /** Settles when the pump under way (if any) is over: stop() waits for a claim on its way. */
  let pumpInFlight: Promise<void> = Promise.resolve();
  let again = false;
  let unlisten: Unlisten | undefined;
  const timers: NodeJS.Timeout[] = [];
  const waiters = new Set<() => void>();

  async function pump(onlyId?: number): Promise<void> {
    if (stopped || concurrency < 1) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    let pumped = () => {};
    pumpInFlight = new Promise<void>((resolve) => (pumped = resolve));
    try {
      do {
        again = false;
        while (!stopped && running.size < concurrency) {
          const claim = crypto.randomBytes(12).toString('hex');
          const row = await queue.claimNext(db, claim, LEASE_SECONDS, onlyId, place);
          if (!row) break;
          if (stopped) {
            // Stopped while the claim was on its way: handed back, never started after stop().
            await queue.releaseClaims(db, [claim]);
            break;
          }
          start(row, claim);
        }
      } while (again && !stopped);
    } catch (error) {
      options.log?.error({ err: error }, 'transcode queue unavailable');
    } finally {
      pumping = false;
      pumped();
    }
  }

  function start(row: queue.JobRow, claim: string) {
    const abort = new AbortController();
    const done = runJob(row, claim, abort.signal)
      .catch((error: unknown) =>
        options.log?.error({ err: error, job: row.id, reqId: row.request_id }, 'transcode job crashed'),
      )
      .finally(() => {
        running.delete(row.id);
        waiters.forEach((wake) => wake());
        waiters.clear();
        void pump();
      });
    running.set(row.id, { claim, abort, done });
  }

  async function runJob(row: queue.JobRow, claim: string, signal: AbortSignal): Promise<void> {
    if (row.attempts > queue.MAX_ATTEMPTS) {
      await queue.markFailed(
        db,
        row.id,
        claim,
        'transcode_failed',
        'the job stopped its worker each time it ran',
      );
      return;
    }
    const workDir = path.join(workRoot(options.dataDir), `${row.id}-${row.attempts}`);
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    options.log?.info({ job: row.id, reqId: row.request_id, attempt: row.attempts }, 'transcode job started');
    await clearEarlierAttempts(row);
    await fs.mkdir(workDir, { recursive: true });
    let lost = false;
    const lose = () => {
      lost = true;
      abortJob();
    };
    const controller = new AbortController();
    const abortJob = () => controller.abort();
    signal.addEventListener('abort', abortJob, { once: true });

    let latest: TranscodeProgress = { stage: 'probe', fraction: 0, etaSeconds: null };
    let written = 0;
    let writing: Promise<void> = Promise.resolve();
    const write = () => {
      written = Date.now();
      const progress = latest;
      writing = writing
        .then(() =>
          queue.reportProgress(db, row.id, claim, LEASE_SECONDS, {
            stage: progress.stage,
            percent: Math.round(progress.fraction * 1000) / 10,
            etaSeconds: progress.etaSeconds,
          }),
        )
        .then((mine) => (mine ? undefined : lose()))
        .catch(() => undefined);
    };
    const heartbeat = setInterval(write, HEARTBEAT_MS);
    heartbeat.unref();
    let stageNow: TranscodeStage = 'probe';
    const placed: { hls?: string; images: string[] } = { images: [] };
    try {
      const input = await sourceHere(row, workDir);
      if (input === undefined) {
        // A path on another machine's disk: handed back, the attempt not counted, for a worker
        // there (a sole process has no one else: its source is gone for good).
        if (!options.soleProcess) {
          lost = true;
          if (await queue.handBackUnreadable(db, row.id, claim, place))
            options.log?.info({ job: row.id, reqId: row.request_id, place }, 'transcode source not here');
          return;
        }
        throw Object.assign(new Error(`source ${row.source_file} does not exist`), { code: 'ENOENT' });
      }
      const media = await transcodeVideo({
        input,
        workDir,
        signal: controller.signal,
        limits: options.limits,
        onProgress: (progress) => {
          latest = progress;
          if (progress.stage !== stageNow || Date.now() - written >= PROGRESS_EVERY_MS) write();
          stageNow = progress.stage;
        },
      });
      if (controller.signal.aborted) throw new Error('stopped');
      // Encrypt: every candidate pair, then the HLS folder moves into the served media folder.
      const covers: { cover: string; thumb: string }[] = [];
      for (const [index, frame] of media.frames.entries()) {
        const n = index + 1;
        const cover = await storeEncryptedImage(
          options.store,
          options.imageKey,
          `covers/${row.asset_id}-${n}.bin`,
          await fs.readFile(frame.cover),
        );
        placed.images.push(cover);
        const thumb = await storeEncryptedImage(
          options.store,
          options.imageKey,
          `thumbs/${row.asset_id}-${n}.bin`,
          await fs.readFile(frame.thumb),
        );
        placed.images.push(thumb);
        covers.push({ cover, thumb });
      }
      // Every rendition is in the store before the job's commit: a job that dies on the way leaves
      // objects no row names (cleared by the next attempt), never a published half rendition.
      placed.hls = `hls/${row.asset_id}/`;
      await options.store.putFolder(placed.hls, media.hlsDir);
      await writing;
      if (lost || controller.signal.aborted) throw new Error('stopped');
      // Only the plain frames are left in the work folder: gone before the job counts as done.
      await fs.rm(workDir, { recursive: true, force: true });

      // One transaction makes the asset, its keys, the (unpublished) video and the job's end: a
      // process killed before it commits leaves no video, and the next attempt starts clean.
      const finished = await db.transaction().execute(async (trx) => {
        if (!(await queue.holdClaim(trx, row.id, claim))) return false;
        await trx
          .insertInto('media_assets')
          .values({
            id: row.asset_id,
            duration_s: Math.max(1, Math.round(media.probe.durationSeconds)),
            width: media.probe.width,
            height: media.probe.height,
          })
          .execute();
        await trx
          .insertInto('media_keys')
          .values(
            Object.entries(media.renditions).map(([rendition, secret]) => ({
              asset_id: row.asset_id,
              rendition,
              key: secret.key,
              iv: secret.iv,
            })),
          )
          .execute();
        const video = await trx
          .insertInto('videos')
          .values({
            avkey: `${row.type[0]}${crypto.randomBytes(5).toString('hex')}`,
            type: row.type,
            title: row.title,
            // Chinese titles are stored in Simplified with their Traditional beside them (migration 013).
            title_cn: toSimplified(row.title),
            title_tw: toTraditional(toSimplified(row.title)),
            cover: covers[0]!.cover,
            thumb: covers[0]!.thumb,
            duration_s: Math.max(1, Math.round(media.probe.durationSeconds)),
            upload_date: new Date(),
            number: row.asset_id.toUpperCase(),
            location: 'local',
            cover_type: 'cover',
            main_tag: 'vip',
            asset_id: row.asset_id,
            // Made unpublished: an operator looks at it, picks a cover and publishes.
            unpublished_at: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await queue.markDone(trx, row.id, video.id, covers);
        return true;
      });
      if (!finished) throw new Error('stopped');
      placed.hls = undefined;
      placed.images = [];
      if (!row.keep_source) await removeSource(row);
      metrics.transcodeJobDuration.observe({ outcome: 'done' }, seconds());
      options.log?.info({ job: row.id, reqId: row.request_id, asset: row.asset_id }, 'transcode job done');
    } catch (error) {
      await removePlaced(placed);
      // Nothing of the attempt stays once the job reads as failed.
      await fs.rm(workDir, { recursive: true, force: true });
      if (lost || signal.aborted || controller.signal.aborted) return; // handed back or taken over: not a failure
      const { failure, detail } = failureOf(error);
      // A file that is itself the problem goes before the job reads as failed (no retry can mend it).
      const hopeless = HOPELESS_FAILURES.includes(failure) && !row.keep_source;
      if (hopeless) await removeSource(row);
      await queue.markFailed(db, row.id, claim, failure, detail);
      if (hopeless) await queue.forgetSource(db, row.id);
      metrics.transcodeJobDuration.observe({ outcome: 'failed' }, seconds());
      options.log?.info({ job: row.id, reqId: row.request_id, failure, detail }, 'transcode job failed');
    } finally {
      clearInterval(heartbeat);
      signal.removeEventListener('abort', abortJob);
      await fs.rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * The file ffmpeg reads: a source in the media store (the bucket) is downloaded into the job's
   * own scratch folder (a missing object is missing for every worker: ENOENT, source_missing); a
   * path on a disk is read where it is, or undefined when this machine cannot read it.
   */
  async function sourceHere(row: queue.JobRow, workDir: string): Promise<string | undefined> {
    const key = storeKeyOfSource(row.source_file);
    if (key !== undefined) {
      const file = path.join(workDir, 'source');
      if (await options.store.download(key, file)) return file;
      throw Object.assign(new Error(`source ${key} does not exist in the media store`), { code: 'ENOENT' });
    }
    const readable = await fs.access(row.source_file, fs.constants.R_OK).then(
      () => true,
      () => false,
    );
    return readable ? row.source_file : undefined;
  }

  /** What an attempt that died half-way left: its work folder, and served files without an asset row. */
  async function clearEarlierAttempts(row: queue.JobRow) {
    const root = workRoot(options.dataDir);
    const names = await fs.readdir(root).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((name) => name.startsWith(`${row.id}-`))
        .map((name) => fs.rm(path.join(root, name), { recursive: true, force: true })),
    );
    const asset = await db
      .selectFrom('media_assets')
      .select('id')
      .where('id', '=', row.asset_id)
      .executeTakeFirst();
    if (asset) return;
    await options.store.deletePrefix(`hls/${row.asset_id}/`);
    await options.store.deletePrefix(`img/covers/${row.asset_id}-`);
    await options.store.deletePrefix(`img/thumbs/${row.asset_id}-`);
  }

  async function removePlaced(placed: { hls?: string; images: string[] }) {
    if (placed.hls) await options.store.deletePrefix(placed.hls);
    await Promise.all(placed.images.map((image) => removeStoredImage(options.store, image)));
  }

  async function removeSource(row: Pick<queue.JobRow, 'source_file' | 'upload_id'>) {
    if (row.upload_id) await options.removeUpload(row.upload_id);
    else if (row.source_file) await fs.rm(row.source_file, { force: true });
  }

  /** Abandoned uploads and the kept sources of old failures go after a day. */
  async function clean() {
    const stale = await queue.staleJobs(db, new Date(Date.now() - options.abandonedAfterMs));
    for (const row of stale) {
      if (!row.keep_source) await removeSource(row);
      if (row.state === 'uploading') await queue.deleteJob(db, row.id);
      else await queue.forgetSource(db, row.id);
    }
  }

  /** Jobs no worker has read the source of for `giveUpMs` end as source_missing. */
  async function sweepUnreadable() {
    await queue
      .failUnreadable(db, new Date(Date.now() - giveUpMs))
      .catch((error: unknown) => options.log?.error({ err: error }, 'transcode queue unavailable'));
  }

  return {
    async start() {
      if (concurrency < 1) return;
      if (options.soleProcess) await queue.requeueOrphans(db);
      unlisten = await notificationsOf(db).listen(
        TRANSCODE_CHANNEL,
        (payload) => {
          if (payload.includes('"queued"')) void pump();
        },
        () => void pump(),
      );
      timers.push(
        setInterval(() => {
          void sweepUnreadable();
          void pump();
        }, SWEEP_EVERY_MS),
      );
      const cleaner = () =>
        void clean().catch((error: unknown) => options.log?.error({ err: error }, 'upload clean-up failed'));
      timers.push(setInterval(cleaner, CLEAN_EVERY_MS));
      timers.forEach((timer) => timer.unref());
      cleaner();
      void pump();
    },
    /** Runs one job in this process (the ingest CLI) and resolves when it left the queue. */
    async runOne(id: number): Promise<void> {
      await pump(id);
      while (running.has(id)) await new Promise<void>((resolve) => waiters.add(resolve));
    },
    clean,
    sweepUnreadable,
    wake: () => void pump(),
    /** Stops every ffmpeg of this process and hands its jobs back to the queue. */
    async stop() {
      stopped = true;
      timers.forEach((timer) => clearInterval(timer));
      await unlisten?.();
      await pumpInFlight;
      const jobs = [...running.values()];
      jobs.forEach((job) => job.abort.abort());
      await Promise.all(jobs.map((job) => job.done));
      await queue
        .releaseClaims(
          db,
          jobs.map((job) => job.claim),
        )
        .catch(() => undefined);
    },
  };
}
export type TranscodeRunner = ReturnType<typeof createTranscodeRunner>;
