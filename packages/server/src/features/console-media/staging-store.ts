import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/utils';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/**
 * Socket reads (64 KB each) are gathered into writes of this size: one system call per megabyte
 * instead of sixteen. A request that ends or is cut off writes what it gathered.
 */
const WRITE_BATCH_BYTES = 1024 * 1024;

/** tus upload ids: 32 hex digits from the server, never the client's choice. */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;

/**
 * The tus file store of the staging area, with two changes to how bytes reach the disk:
 *
 * - A PATCH's bytes are written at their offset on one open file, a megabyte at a time. The stock
 *   store pipes them through a Transform into a write stream of 16 KB high-water mark, one write
 *   per socket read with the request paused after each; on a 500 MB upload that cost about twice
 *   the server's CPU (bench:ingest).
 * - `sync` makes a finished upload durable before its job is queued: the job survives a restart
 *   (issue 24), so the file it names must too. Without it a power cut could leave a queued job
 *   whose source is shorter than the upload the database says is complete.
 */
export class StagingStore extends FileStore {
  override async write(readable: Readable, uploadId: string, offset: number): Promise<number> {
    const file = await fs.open(this.pathOf(uploadId), 'r+');
    let written = offset;
    let batch: Buffer[] = [];
    let batchBytes = 0;
    const flush = async () => {
      const { bytesWritten } = await file.writev(batch, written);
      written += bytesWritten;
      // A short write (disk full) ends the request: the client resumes from what is in the file.
      if (bytesWritten < batchBytes) throw new Error('short write');
      batch = [];
      batchBytes = 0;
    };
    try {
      for await (const chunk of readable as AsyncIterable<Buffer>) {
        batch.push(chunk);
        batchBytes += chunk.length;
        if (batchBytes >= WRITE_BATCH_BYTES) await flush();
      }
      if (batchBytes > 0) await flush();
    } catch {
      // As the stock store answers: what was written stays, and the client resumes from HEAD.
      throw ERRORS.FILE_WRITE_ERROR;
    } finally {
      await file.close();
    }
    return written;
  }

  /** Flushes an upload's bytes to the disk (they may still sit in the page cache). */
  async sync(uploadId: string): Promise<void> {
    const file = await fs.open(this.pathOf(uploadId), 'r+');
    try {
      await file.datasync();
    } finally {
      await file.close();
    }
  }

  /** The same place as the stock store's (its own resolver is private); ids are the server's hex. */
  private pathOf(uploadId: string): string {
    if (!UPLOAD_ID_PATTERN.test(uploadId)) throw ERRORS.FILE_NOT_FOUND;
    return path.join(this.directory, uploadId);
  }
}

/** Free space kept on the staging disk beyond what uploads reserve (the transcode writes too). */
export const DISK_RESERVE_BYTES = 1024 ** 3;

export interface StagingBudgetOptions {
  /** Share of `capacity` unfinished uploads may reserve between them. */
  share: number;
  /** Kept out of the budget (the staging disk's room for everything else). */
  reserveBytes: number;
  /** The room there is: the staging disk's free space, or the bucket's staging quota. */
  capacity: () => Promise<number>;
  /** Bytes of an unfinished upload already in (they no longer need room); 0 counts it in full. */
  received: (uploadId: string) => Promise<number>;
}

/**
 * The staging area's budget for uploads: a new upload's declared length must fit, together with
 * the bytes every unfinished upload has still to send, within `share` of the capacity (less
 * `reserveBytes`). On the local disk the capacity is its free space and an upload's bytes already
 * on this disk are counted as used there; in the bucket (MEDIA_STORE=s3) it is a configured quota
 * (UPLOAD_STAGING_QUOTA_GB) of declared lengths in flight. The unfinished uploads are their
 * `transcode_jobs` rows, so what an upload reserves is released as it finishes (queued), is
 * cancelled (deleted) or is abandoned (cleaned up); the check and the new row are one transaction
 * behind one advisory lock, so processes on one PostgreSQL cannot both take the last gigabytes. An
 * upload whose file is not on this disk (another node's) counts in full: the budget errs on the
 * side of refusing.
 */
export function createStagingBudget(options: StagingBudgetOptions) {
  return {
    /** Whether `size` more bytes fit; call in the transaction that records the upload. */
    async fits(trx: Transaction<Database>, size: number, activeSince: Date): Promise<boolean> {
      await sql`select pg_advisory_xact_lock(hashtext('transcode_uploads'), hashtext('staging_disk'))`.execute(
        trx,
      );
      const unfinished = await trx
        .selectFrom('transcode_jobs')
        .select(['upload_id', 'size_bytes'])
        .where('state', '=', 'uploading')
        .where('updated_at', '>=', activeSince)
        .execute();
      let missing = 0;
      for (const row of unfinished) {
        const received =
          row.upload_id && UPLOAD_ID_PATTERN.test(row.upload_id) ? await options.received(row.upload_id) : 0;
        missing += Math.max(0, Number(row.size_bytes) - received);
      }
      return missing + size + options.reserveBytes <= (await options.capacity()) * options.share;
    },
  };
}
export type StagingBudget = ReturnType<typeof createStagingBudget>;

/** The local staging disk's budget: its free space, less DISK_RESERVE_BYTES, times `share`. */
export function createStagingDisk(
  directory: string,
  share: number,
  freeBytes: () => Promise<number> = () => freeBytesOf(directory),
): StagingBudget {
  return createStagingBudget({
    share,
    reserveBytes: DISK_RESERVE_BYTES,
    capacity: freeBytes,
    received: async (uploadId) =>
      (await fs.stat(path.join(directory, uploadId)).catch(() => undefined))?.size ?? 0,
  });
}

/** Bytes an unprivileged writer may still use on the disk of `directory` (unknown: no limit). */
export async function freeBytesOf(directory: string): Promise<number> {
  return fs
    .statfs(directory)
    .then((stat) => stat.bavail * stat.bsize)
    .catch(() => Number.POSITIVE_INFINITY);
}
