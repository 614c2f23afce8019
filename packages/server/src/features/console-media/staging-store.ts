import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { ERRORS } from '@tus/utils';

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
