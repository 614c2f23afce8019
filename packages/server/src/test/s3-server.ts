import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CreateBucketCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Client } from '../platform/media-store/index.ts';

export interface S3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The environment a server started for these tests reads (MEDIA_STORE=s3 and S3_*). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** s3rver's fixed credentials; it refuses any other signature (the bad-credentials tests rely on it). */
const LOCAL_KEY = 'S3RVER';

/**
 * An S3-compatible server for tests: the one TEST_S3_ENDPOINT names (MinIO, AWS…, with
 * TEST_S3_BUCKET, TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY, TEST_S3_REGION), else s3rver
 * from npm on a free port with a fresh folder. Tests talk to it only through the AWS SDK, so the
 * same code runs against either. Start it once per suite (it is shared by several test files).
 */
export async function startS3Server(): Promise<S3Server> {
  const external = process.env.TEST_S3_ENDPOINT;
  if (external) return useExternal(external);

  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'app-test-s3-'));
  const bucket = 'media';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  addListParts(server, directory);
  answerWhenWritten(server);
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return describe({
    endpoint,
    bucket,
    accessKeyId: LOCAL_KEY,
    secretAccessKey: LOCAL_KEY,
    region: 'us-east-1',
    async stop() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  });
}

async function useExternal(endpoint: string): Promise<S3Server> {
  const settings = {
    endpoint,
    bucket: process.env.TEST_S3_BUCKET ?? 'app-test-media',
    accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? '',
    region: process.env.TEST_S3_REGION ?? 'us-east-1',
  };
  const client = createS3Client({ ...settings, prefix: '' });
  const exists = await client
    .send(new HeadBucketCommand({ Bucket: settings.bucket }))
    .then(() => true)
    .catch(() => false);
  if (!exists) await client.send(new CreateBucketCommand({ Bucket: settings.bucket }));
  client.destroy();
  return describe({ ...settings, stop: async () => undefined });
}

function describe(server: Omit<S3Server, 'env'>): S3Server {
  return {
    ...server,
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: server.endpoint,
      S3_REGION: server.region,
      S3_BUCKET: server.bucket,
      S3_ACCESS_KEY_ID: server.accessKeyId,
      S3_SECRET_ACCESS_KEY: server.secretAccessKey,
    },
  };
}

/**
 * s3rver has no ListParts, which @tus/s3-store calls on every HEAD and PATCH to learn how much of
 * an upload is in. It keeps each multipart upload's parts as files (`<n>` with `<n>.md5`) in one
 * folder per upload id; this answers ListParts from that folder, in S3's own XML, ahead of
 * s3rver's router. Every other request goes on to s3rver untouched.
 */
function addListParts(server: S3rver, directory: string) {
  const koa = server as unknown as {
    middleware: ((ctx: KoaContext, next: () => Promise<void>) => unknown)[];
  };
  koa.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'GET' || typeof uploadId !== 'string' || 'partNumber' in ctx.query) return next();
    const [, bucket, ...keyParts] = ctx.path.split('/');
    if (!bucket || !/^[0-9a-f]+$/.test(uploadId)) return next();
    const folder = path.join(directory, bucket, '._S3rver_uploads', uploadId);
    const names = await fs.readdir(folder).catch(() => undefined);
    ctx.type = 'application/xml';
    if (!names) {
      ctx.status = 404;
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`;
      return;
    }
    const marker = Number(ctx.query['part-number-marker'] ?? 0);
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((number) => number > marker)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (number) => {
        const file = path.join(folder, String(number));
        const [stat, md5] = await Promise.all([fs.stat(file), fs.readFile(`${file}.md5`, 'utf8')]);
        return `<Part><PartNumber>${number}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${stat.size}</Size></Part>`;
      }),
    );
    const key = decodeURIComponent(keyParts.join('/'));
    ctx.status = 200;
    ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  });
}

/**
 * s3rver answers a PUT (and a multipart part) once it has read the body, not once the body's file
 * is written: its write stream may still be flushing, so a HEAD right after can see a short or
 * empty object (a bucket run once read 0 bytes of a 13 KB thumbnail just copied by
 * media:migrate). A real S3 answers only when the object is stored; these writes do the same,
 * with s3rver's own file layout (the object, its metadata file; a part and its `.md5`).
 */
function answerWhenWritten(server: S3rver) {
  const store = (server as unknown as { store: S3rverStore }).store;
  store.putObject = async (object) => {
    const written = await writeFully(
      store.getResourcePath(object.bucket, object.key, 'object'),
      object.content,
    );
    await store.putMetadata(object.bucket, object.key, object.metadata, written.md5);
    return written;
  };
  store.putPart = async (bucket, uploadId, partNumber, content) => {
    const file = path.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId, String(partNumber));
    const written = await writeFully(file, content);
    await fs.writeFile(`${file}.md5`, written.md5);
    return written;
  };
}

async function writeFully(file: string, content: Buffer | Readable): Promise<{ size: number; md5: string }> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const md5 = createHash('md5');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  // The pipeline settles when the file's stream has finished, i.e. every byte is written.
  await pipeline(
    Buffer.isBuffer(content) ? Readable.from([content]) : content,
    count,
    createWriteStream(file),
  );
  return { size, md5: md5.digest('hex') };
}

/** The parts of s3rver's filesystem store that answerWhenWritten replaces or uses. */
interface S3rverStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: unknown, md5: string): Promise<void>;
  putObject(object: { bucket: string; key: string; content: Buffer | Readable; metadata: unknown }): Promise<{
    size: number;
    md5: string;
  }>;
  putPart(
    bucket: string,
    uploadId: string,
    partNumber: number,
    content: Readable,
  ): Promise<{ size: number; md5: string }>;
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
  req: http.IncomingMessage;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
