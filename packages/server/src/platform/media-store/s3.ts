import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertKey,
  InvalidMediaKey,
  MediaStoreUnavailable,
  PUBLIC_CACHE_CONTROL,
  visibilityOf,
  type MediaStore,
  type StoredEntry,
} from './media-store.ts';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Prepended to every key, so several installations can share one bucket. */
  prefix: string;
}

/** Bigger objects than this go up in parts (console sources run to gigabytes). */
const PART_BYTES = 8 * 1024 * 1024;
/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client(s3ClientConfig(settings));
}

/** The client settings every S3 client of the server shares (the tus S3 store builds its own). */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    endpoint: settings.endpoint,
    region: settings.region,
    // Path-style addressing: MinIO, Ceph, R2 and AWS all answer it; virtual hosts need DNS per bucket.
    forcePathStyle: true,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // A bucket that is down must fail a viewer's request quickly, not hold it for the SDK's retries.
    maxAttempts: 2,
    // Checksums only where S3 requires them: the SDK's default adds CRC trailers (aws-chunked
    // bodies) that S3-compatible servers other than AWS may store as garbled or cut-short objects.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/** Where a key of the media store sits in the bucket (S3_PREFIX first). */
export function bucketKeyOf(settings: Pick<S3Settings, 'prefix'>, key: string): string {
  assertKey(key);
  return (settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : '') + key;
}

/** Missing objects answer 404 (NoSuchKey/NotFound); anything else is the store being unwell. */
function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound';
  }
  return false;
}

export function createS3MediaStore(settings: S3Settings, client = createS3Client(settings)): MediaStore {
  const { bucket } = settings;
  const root = settings.prefix ? `${settings.prefix.replace(/\/+$/, '')}/` : '';

  function objectKey(key: string): string {
    return bucketKeyOf(settings, key);
  }

  async function guarded<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      // A bad key is the caller's input (404 to a viewer), never the bucket being unwell (503).
      if (error instanceof MediaStoreUnavailable || error instanceof InvalidMediaKey) throw error;
      throw new MediaStoreUnavailable(operation, error);
    }
  }

  function headersOf(key: string) {
    return visibilityOf(key) === 'public' ? { CacheControl: PUBLIC_CACHE_CONTROL } : {};
  }

  async function upload(key: string, body: Buffer | string | Readable) {
    // lib-storage sends one PUT for a small body and a multipart upload for a large one; the
    // object appears only when every part is in, so a half-written rendition is never visible.
    await new Upload({
      client,
      params: { Bucket: bucket, Key: objectKey(key), Body: body, ...headersOf(key) },
      partSize: PART_BYTES,
      queueSize: 2,
    }).done();
  }

  async function listKeys(prefix: string): Promise<StoredEntry[]> {
    const entries: StoredEntry[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: root + prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? [])
        if (item.Key) entries.push({ key: item.Key.slice(root.length), size: item.Size ?? 0 });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return entries.sort((a, b) => a.key.localeCompare(b.key));
  }

  async function deleteKeys(keys: string[]) {
    for (let at = 0; at < keys.length; at += DELETE_BATCH) {
      const batch = keys.slice(at, at + DELETE_BATCH);
      await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: batch.map((key) => ({ Key: root + key })), Quiet: true },
        }),
      );
    }
  }

  const store: MediaStore = {
    kind: 's3',

    put: (key, body) => guarded('put', () => upload(key, body)),

    putFile: (key, file) =>
      guarded('put', async () => {
        // Segments and images go up as one buffer with a known length; only large files stream.
        const { size } = await fs.stat(file);
        await upload(key, size <= PART_BYTES ? await fs.readFile(file) : createReadStream(file));
      }),

    async putFolder(prefix, folder) {
      const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        const relative = path.relative(folder, full).split(path.sep).join('/');
        await store.putFile(`${prefix.replace(/\/$/, '')}/${relative}`, full);
      }
    },

    get: (key) =>
      guarded('get', async () => {
        const found = await store.stream(key);
        if (!found) return undefined;
        const chunks: Buffer[] = [];
        for await (const chunk of found.body) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      }),

    stream: (key, range) =>
      guarded('get', async () => {
        try {
          const reply = await client.send(
            new GetObjectCommand({
              Bucket: bucket,
              Key: objectKey(key),
              Range: range ? `bytes=${range.start}-${range.end}` : undefined,
            }),
          );
          const total = reply.ContentRange
            ? Number(reply.ContentRange.split('/')[1])
            : Number(reply.ContentLength ?? 0);
          return { body: reply.Body as Readable, size: total };
        } catch (error) {
          if (isMissing(error)) return undefined;
          throw error;
        }
      }),

    size: (key) =>
      guarded('head', async () => {
        try {
          const reply = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
          return Number(reply.ContentLength ?? 0);
        } catch (error) {
          if (isMissing(error)) return undefined;
          throw error;
        }
      }),

    download: (key, file) =>
      guarded('download', async () => {
        const found = await store.stream(key);
        if (!found) return false;
        await fs.mkdir(path.dirname(file), { recursive: true });
        await pipeline(found.body, createWriteStream(file));
        return true;
      }),

    list: (prefix) => guarded('list', () => listKeys(prefix)),

    delete: (key) =>
      guarded('delete', async () => {
        assertKey(key);
        await deleteKeys([key]);
      }),

    deletePrefix: (prefix) =>
      guarded('delete', async () => {
        const keys = (await listKeys(prefix)).map((entry) => entry.key);
        await deleteKeys(keys);
      }),

    check: () =>
      guarded('check', async () => {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      }),
  };
  return store;
}
