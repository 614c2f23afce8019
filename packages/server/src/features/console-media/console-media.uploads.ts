import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import {
  UPLOAD_ACTIVE_MINUTES,
  UPLOAD_ENDPOINT,
  UPLOAD_MAX_BYTES,
  UPLOADS_PER_OPERATOR,
  UploadMetadataSchema,
  type UploadMetadata,
} from '@app/contract/console/media';
import { MemoryLocker, Server, type ServerOptions } from '@tus/server';
import type { Db } from '../../platform/db/database.ts';
import type { ConsoleOperator } from '../operators/operators.service.ts';
import { StagingStore, UPLOAD_ID_PATTERN } from './staging-store.ts';
import * as queue from './transcode-queue.ts';
import { createPostgresUploadLocker } from './upload-locker.ts';

/** Free space kept on the data disk beyond an upload's own size (the transcode writes too). */
const DISK_RESERVE_BYTES = 1024 ** 3;

/** A refusal the tus server sends as it is: a status and the key as the body. */
const refuse = (status_code: number, body: string) => ({ status_code, body });

/**
 * Resumable uploads (tus 1.0.0, @tus/server with its file store) into DATA_DIR/uploads. Each
 * upload is a `transcode_jobs` row from its first request: who sent it, its title and type, and
 * when it last moved (the per-operator limit and the clean-up of abandoned uploads read that).
 * With `databaseUrl` (PostgreSQL, where `WORKERS` > 1 may share the uploads) a request's hold on an
 * upload is an advisory lock every process sees; PGlite is one process, whose memory suffices.
 */
export function createUploads(db: Db, dataDir: string, consolePrefix: string, databaseUrl?: string) {
  const directory = path.join(dataDir, 'uploads');
  const store = new StagingStore({ directory });
  const postgresLocker = databaseUrl ? createPostgresUploadLocker(db, databaseUrl) : undefined;
  const locker = postgresLocker ?? new MemoryLocker();
  /** The operator of each request the tus server is handling (it sees only the raw request). */
  const operatorOf = new WeakMap<IncomingMessage, ConsoleOperator>();
  const nodeRequest = (req: Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0]) =>
    (req as unknown as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;

  const tus = new Server({
    path: `${consolePrefix}${UPLOAD_ENDPOINT}`,
    datastore: store,
    locker,
    relativeLocation: true,
    maxSize: UPLOAD_MAX_BYTES,
    namingFunction: () => crypto.randomBytes(16).toString('hex'),
    async onUploadCreate(req, upload) {
      const raw = nodeRequest(req);
      const operator = raw && operatorOf.get(raw);
      if (!operator) throw refuse(403, 'forbidden');
      if (upload.size === undefined) throw refuse(400, 'upload_length_required');
      const parsed = UploadMetadataSchema.safeParse(upload.metadata ?? {});
      if (!parsed.success) throw refuse(400, 'upload_metadata');
      const free = await fs
        .statfs(dataDir)
        .then((stat) => stat.bavail * stat.bsize)
        .catch(() => Number.POSITIVE_INFINITY);
      if (free < upload.size + DISK_RESERVE_BYTES) throw refuse(409, 'disk_full');
      const metadata: UploadMetadata = parsed.data;
      const created = await db.transaction().execute(async (trx) => {
        await queue.lockOperatorUploads(trx, operator.id);
        const since = new Date(Date.now() - UPLOAD_ACTIVE_MINUTES * 60_000);
        if ((await queue.countActiveUploads(trx, operator.id, since)) >= UPLOADS_PER_OPERATOR) return false;
        await queue.insertJob(trx, {
          uploadId: upload.id,
          operatorId: operator.id,
          sourceFile: path.join(directory, upload.id),
          keepSource: false,
          fileName: metadata.filename,
          sizeBytes: upload.size!,
          title: metadata.title,
          type: metadata.type,
          assetId: `up-${crypto.randomBytes(8).toString('hex')}`,
          state: 'uploading',
        });
        return true;
      });
      if (!created) throw refuse(429, 'too_many_uploads');
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
      await store.sync(upload.id);
      await queue.markUploaded(db, upload.id);
      return {};
    },
  });

  return {
    tus,
    operatorOf,
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
      return (await fs.stat(path.join(directory, uploadId)).catch(() => undefined))?.size;
    },
    /** An upload's bytes and its info file. */
    async remove(uploadId: string): Promise<void> {
      if (!UPLOAD_ID_PATTERN.test(uploadId)) return;
      await fs.rm(path.join(directory, uploadId), { force: true });
      await fs.rm(path.join(directory, `${uploadId}.json`), { force: true });
    },
    async close(): Promise<void> {
      await postgresLocker?.close();
    },
  };
}
export type Uploads = ReturnType<typeof createUploads>;

/** A refusal of the tus server as a message key: ours pass through, the protocol's are named by status. */
function refusalKey(status: number, body: string): string {
  if (/^[a-z_]+$/.test(body)) return body;
  if (status === 413) return 'upload_too_big';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 409) return 'offset_mismatch';
  if (status >= 500) return 'server_error';
  return 'invalid_input';
}
