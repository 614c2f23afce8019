import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import {
  UPLOAD_ABANDONED_HOURS,
  UPLOAD_ACTIVE_MINUTES,
  UPLOAD_ENDPOINT,
  UPLOAD_MAX_BYTES,
  UPLOADS_PER_OPERATOR,
  UploadMetadataSchema,
  type UploadMetadata,
} from '@app/contract/console/media';
import {
  MemoryLocker,
  Server,
  type Lock,
  type Locker,
  type RequestRelease,
  type ServerOptions,
} from '@tus/server';
import type { DataStore } from '@tus/utils';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/database.ts';
import { mediaStoreOf, type MediaStore } from '../../platform/media-store/index.ts';
import { sourceInStore } from './job-source.ts';
import { BucketStagingStore, stagedUploadKey } from './staging-bucket.ts';
import type { ConsoleOperator } from '../operators/operators.service.ts';
import {
  createStagingBudget,
  createStagingDisk,
  freeBytesOf,
  StagingStore,
  UPLOAD_ID_PATTERN,
} from './staging-store.ts';
import { requestIdOf } from '../../platform/request-id.ts';
import * as queue from './transcode-queue.ts';
import { createPostgresUploadLocker } from './upload-locker.ts';
import { recordAudit } from '../operators/audit.ts';

/** A refusal the tus server sends as it is: a status and the key as the body. */
const refuse = (status_code: number, body: string) => ({ status_code, body });

export interface UploadSettings {
  dataDir: string;
  /** PostgreSQL (where `WORKERS` > 1 or several nodes may share the uploads). */
  databaseUrl?: string;
  /** MEDIA_STORE: `s3` stages uploads in the bucket, `local` on this machine's DATA_DIR. */
  mediaStore: Config['mediaStore'];
  /** The same store's files (removing what a finished or cancelled upload left in the bucket). */
  files: MediaStore;
  /** UPLOAD_DISK_SHARE: the share of the staging disk's free space uploads may reserve. */
  diskShare?: number;
  /** UPLOAD_STAGING_QUOTA_GB in bytes: declared lengths in flight in the bucket at most. */
  stagingQuotaBytes?: number;
  /** The staging disk's free space (tests name a smaller disk). */
  freeBytes?: () => Promise<number>;
}

/** The upload settings of a process's configuration. */
export function uploadSettingsOf(config: Config): UploadSettings {
  return {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    mediaStore: config.mediaStore,
    files: mediaStoreOf(config),
    diskShare: config.uploads.diskShare,
    stagingQuotaBytes: config.uploads.stagingQuotaBytes,
  };
}

/**
 * Resumable uploads (tus 1.0.0, @tus/server). With MEDIA_STORE=local they are staged by the tus
 * file store in DATA_DIR/uploads; with MEDIA_STORE=s3 by the tus S3 store in the bucket's private
 * `uploads/` prefix, so the PATCHes of one upload may reach any web node and any worker reads the
 * source. Each upload is a `transcode_jobs` row from its first request: who sent it, its title and
 * type, and when it last moved (the per-operator limit and the clean-up of abandoned uploads read
 * that). With `databaseUrl` (PostgreSQL, where `WORKERS` > 1 or several nodes share the uploads) a
 * request's hold on an upload is an advisory lock every process sees; PGlite is one process, whose
 * memory suffices.
 */
export function createUploads(db: Db, consolePrefix: string, settings: UploadSettings) {
  const { dataDir, databaseUrl } = settings;
  const directory = path.join(dataDir, 'uploads');
  const inBucket = settings.mediaStore.kind === 's3';
  const bucket = inBucket ? new BucketStagingStore(settings.mediaStore.s3) : undefined;
  // The file store makes its folder when built: only built when uploads are staged on this disk.
  const staging = bucket ? undefined : new StagingStore({ directory });
  const store: DataStore = bucket ?? staging!;
  const disk = bucket
    ? createStagingBudget({
        share: 1,
        reserveBytes: 0,
        capacity: async () => settings.stagingQuotaBytes ?? Number.POSITIVE_INFINITY,
        // Bytes in the bucket use the quota as much as bytes still to come: declared lengths count.
        received: async () => 0,
      })
    : createStagingDisk(
        directory,
        settings.diskShare ?? 1,
        settings.freeBytes ?? (() => freeBytesOf(dataDir)),
      );
  const postgresLocker = databaseUrl ? createPostgresUploadLocker(db, databaseUrl) : undefined;
  const locker = releasingLocker(postgresLocker ?? new MemoryLocker());
  /** The operator of each request the tus server is handling (it sees only the raw request). */
  const operatorOf = new WeakMap<IncomingMessage, ConsoleOperator>();
  /**
   * The upload id each request's route checked the ownership of. The tus server is handed this id
   * rather than reading its own from the URL (it takes whatever follows the URL's last `/`, query
   * string included, so `…/uploads/<own>?x=/<someone else's>` would name another upload).
   */
  const checkedIdOf = new WeakMap<IncomingMessage, string>();
  const nodeRequest = (req: Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0]) =>
    (req as unknown as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;

  const tus = new Server({
    path: `${consolePrefix}${UPLOAD_ENDPOINT}`,
    datastore: store,
    locker,
    relativeLocation: true,
    maxSize: UPLOAD_MAX_BYTES,
    namingFunction: () => crypto.randomBytes(16).toString('hex'),
    getFileIdFromRequest(req) {
      const raw = nodeRequest(req);
      return raw && checkedIdOf.get(raw);
    },
    async onUploadCreate(req, upload) {
      const raw = nodeRequest(req);
      const operator = raw && operatorOf.get(raw);
      if (!operator) throw refuse(403, 'forbidden');
      if (upload.size === undefined) throw refuse(400, 'upload_length_required');
      const parsed = UploadMetadataSchema.safeParse(upload.metadata ?? {});
      if (!parsed.success) throw refuse(400, 'upload_metadata');
      const metadata: UploadMetadata = parsed.data;
      const created = await db.transaction().execute(async (trx) => {
        await queue.lockOperatorUploads(trx, operator.id);
        const since = new Date(Date.now() - UPLOAD_ACTIVE_MINUTES * 60_000);
        if ((await queue.countActiveUploads(trx, operator.id, since)) >= UPLOADS_PER_OPERATOR)
          return 'too_many_uploads';
        // Reserved until it finishes, is cancelled or is abandoned (cleaned up after these hours).
        const kept = new Date(Date.now() - UPLOAD_ABANDONED_HOURS * 3_600_000);
        if (!(await disk.fits(trx, upload.size!, kept))) return 'disk_full';
        const job = await queue.insertJob(trx, {
          uploadId: upload.id,
          operatorId: operator.id,
          sourceFile: bucket ? sourceInStore(stagedUploadKey(upload.id)) : path.join(directory, upload.id),
          keepSource: false,
          fileName: metadata.filename,
          sizeBytes: upload.size!,
          title: metadata.title,
          type: metadata.type,
          assetId: `up-${crypto.randomBytes(8).toString('hex')}`,
          state: 'uploading',
          requestId: requestIdOf(raw),
        });
        // The client address comes from the console request this tus call runs inside.
        await recordAudit(trx, operator, {
          action: 'video.upload',
          target: `transcode_job:${job.id}`,
          after: {
            fileName: metadata.filename,
            title: metadata.title,
            type: metadata.type,
            sizeBytes: upload.size,
          },
        });
        return 'created';
      });
      if (created === 'too_many_uploads') throw refuse(429, 'too_many_uploads');
      if (created === 'disk_full') throw refuse(409, 'disk_full');
      // Only what the server checked is kept beside the bytes.
      return { metadata: { filename: metadata.filename, title: metadata.title, type: metadata.type } };
    },
    // Every refusal in the console's shape (`{"error": key}`), the tus server's own ones too.
    onResponseError(_req, error) {
      const status = 'status_code' in error ? error.status_code : 500;
      const body = 'body' in error ? error.body : '';
      return { status_code: status, body: JSON.stringify({ error: refusalKey(status, body) }) };
    },
    async onUploadFinish(_req, upload) {
      // On the disk before the job row says so: the queue starts from this file after any restart.
      // (In the bucket the object exists only once the multipart upload completed: durable already.)
      await staging?.sync(upload.id);
      await queue.markUploaded(db, upload.id);
      return {};
    },
  });

  return {
    tus,
    operatorOf,
    checkedIdOf,
    /** Runs `work` while this request alone holds the upload (a tus request holding it is asked to stop). */
    async whileLocked<T>(uploadId: string, work: () => Promise<T>): Promise<T> {
      const lock = locker.newLock(uploadId);
      // Nothing asks this short hold to let go early: the others wait for it.
      await lock.lock(new AbortController().signal, () => undefined);
      try {
        return await work();
      } finally {
        await lock.unlock();
      }
    },
    /** Bytes received of an unfinished upload (the tus store's offset). */
    async receivedBytes(uploadId: string): Promise<number | undefined> {
      if (!UPLOAD_ID_PATTERN.test(uploadId)) return undefined;
      if (bucket) return bucket.receivedBytes(uploadId);
      return (await fs.stat(path.join(directory, uploadId)).catch(() => undefined))?.size;
    },
    /** An upload's bytes and its info file (in the bucket: its multipart upload too). */
    async remove(uploadId: string): Promise<void> {
      if (!UPLOAD_ID_PATTERN.test(uploadId)) return;
      if (bucket) {
        // An unfinished upload's parts go with its multipart upload; a finished one has none left
        // (the tus store then answers not found before deleting anything), so the objects go here.
        await bucket.remove(uploadId).catch(() => undefined);
        const key = stagedUploadKey(uploadId);
        for (const name of [key, `${key}.info`, `${key}.part`]) await settings.files.delete(name);
        return;
      }
      await fs.rm(path.join(directory, uploadId), { force: true });
      await fs.rm(path.join(directory, `${uploadId}.json`), { force: true });
    },
    /**
     * The server is stopping: every upload request in flight is asked to let go, as when another
     * request wants its upload. tus ends each one after its drain time (3 s) with the bytes that
     * arrived written, so the console resumes from that offset on a node that serves.
     */
    releaseAll(): void {
      locker.releaseAll();
    },
    async close(): Promise<void> {
      await postgresLocker?.close();
    },
  };
}
export type Uploads = ReturnType<typeof createUploads>;

/** `inner`, remembering how to ask each lock's holder to let go (for a stopping server). */
function releasingLocker(inner: Locker): Locker & { releaseAll(): void } {
  const holders = new Set<RequestRelease>();
  return {
    newLock(id: string): Lock {
      const lock = inner.newLock(id);
      let held: RequestRelease | undefined;
      return {
        async lock(signal, requestRelease) {
          await lock.lock(signal, requestRelease);
          held = requestRelease;
          holders.add(requestRelease);
        },
        async unlock() {
          if (held) holders.delete(held);
          held = undefined;
          await lock.unlock();
        },
      };
    },
    releaseAll() {
      for (const release of holders) void release();
    },
  };
}

/** A refusal of the tus server as a message key: ours pass through, the protocol's are named by status. */
function refusalKey(status: number, body: string): string {
  if (/^[a-z_]+$/.test(body)) return body;
  if (status === 413) return 'upload_too_big';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 409) return 'offset_mismatch';
  if (status >= 500) return 'server_error';
  return 'invalid_input';
}
