import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateMultipartUploadCommand, ListPartsCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../test/s3-server.ts';
import {
  createLocalMediaStore,
  createS3Client,
  createS3MediaStore,
  MediaStoreUnavailable,
  type MediaStore,
} from './index.ts';

let s3: S3Server;
let scratch: string;

beforeAll(async () => {
  s3 = await startS3Server();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'media-store-test-'));
});

afterAll(async () => {
  await s3?.stop();
  await fs.rm(scratch, { recursive: true, force: true });
});

const kinds: [string, () => MediaStore][] = [
  ['local', () => createLocalMediaStore(path.join(scratch, `local-${Math.random()}`))],
  [
    's3',
    () =>
      createS3MediaStore({
        endpoint: s3.endpoint,
        region: s3.region,
        bucket: s3.bucket,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        prefix: `test-${Math.random().toString(36).slice(2)}`,
      }),
  ],
];

describe.each(kinds)('%s media store', (_kind, make) => {
  it('keeps what it is given and answers a missing key with undefined', async () => {
    const sut = make();
    await sut.put('hls/a1/240/index.m3u8', '#EXTM3U\n');
    await sut.put('img/covers/a1-1.bin', Buffer.from([1, 2, 3]));

    expect((await sut.get('hls/a1/240/index.m3u8'))?.toString()).toBe('#EXTM3U\n');
    expect(await sut.size('img/covers/a1-1.bin')).toBe(3);
    expect(await sut.get('hls/a1/240/missing.ts')).toBeUndefined();
    expect(await sut.size('img/covers/none.bin')).toBeUndefined();
    expect(await sut.stream('img/covers/none.bin')).toBeUndefined();
  });

  it('streams a byte range with the whole object size', async () => {
    const sut = make();
    await sut.put('hls/a2/480/seg-0.ts', Buffer.from('0123456789'));
    const found = await sut.stream('hls/a2/480/seg-0.ts', { start: 2, end: 5 });
    const chunks: Buffer[] = [];
    for await (const chunk of found!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('2345');
    expect(found!.size).toBe(10);
  });

  it('copies a folder, lists a prefix, downloads and deletes a prefix', async () => {
    const sut = make();
    const folder = path.join(scratch, `folder-${Math.random()}`);
    await fs.mkdir(path.join(folder, '240'), { recursive: true });
    await fs.writeFile(path.join(folder, '240', 'index.m3u8'), 'playlist');
    await fs.writeFile(path.join(folder, '240', 'seg-0.ts'), 'segment');
    await sut.putFolder('hls/a3', folder);
    await sut.put('hls/a30/240/index.m3u8', 'another asset');

    expect(await sut.list('hls/a3/')).toEqual([
      { key: 'hls/a3/240/index.m3u8', size: 8 },
      { key: 'hls/a3/240/seg-0.ts', size: 7 },
    ]);
    const copy = path.join(scratch, `copy-${Math.random()}`, 'seg.ts');
    expect(await sut.download('hls/a3/240/seg-0.ts', copy)).toBe(true);
    expect(await fs.readFile(copy, 'utf8')).toBe('segment');
    expect(await sut.download('hls/a3/240/none.ts', copy)).toBe(false);

    await sut.deletePrefix('hls/a3/');
    expect(await sut.list('hls/a3/')).toEqual([]);
    expect(await sut.get('hls/a30/240/index.m3u8')).toBeDefined();
    await sut.delete('hls/a30/240/index.m3u8');
    expect(await sut.get('hls/a30/240/index.m3u8')).toBeUndefined();
  });

  it('refuses keys that climb out of the media root', async () => {
    const sut = make();
    await expect(sut.put('../outside', 'x')).rejects.toThrow(/invalid media key/);
    await expect(sut.get('hls/../../etc/passwd')).rejects.toThrow(/invalid media key/);
  });
});

describe('s3 media store when the bucket is unwell', () => {
  it('names the store as unavailable on refused credentials, and on a server that is down', async () => {
    const refused = createS3MediaStore({
      endpoint: s3.endpoint,
      region: s3.region,
      bucket: s3.bucket,
      accessKeyId: 'wrong',
      secretAccessKey: 'wrong',
      prefix: '',
    });
    await expect(refused.get('img/covers/x.bin')).rejects.toBeInstanceOf(MediaStoreUnavailable);
    await expect(refused.check()).rejects.toBeInstanceOf(MediaStoreUnavailable);

    const down = createS3MediaStore({
      endpoint: 'http://127.0.0.1:9',
      region: s3.region,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      prefix: '',
    });
    await expect(down.put('hls/x/240/index.m3u8', 'x')).rejects.toThrow(/media store unavailable during put/);
  });
});

describe('the test S3 server', () => {
  it('lists the parts of an unfinished multipart upload, as @tus/s3-store needs to resume', async () => {
    const client = createS3Client({ ...s3, prefix: '' });
    const key = `uploads/resume-${Math.random()}`;
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key: key }));
    const part = Buffer.alloc(5 * 1024 * 1024, 7);
    await client.send(
      new UploadPartCommand({ Bucket: s3.bucket, Key: key, UploadId, PartNumber: 1, Body: part }),
    );
    const listed = await client.send(new ListPartsCommand({ Bucket: s3.bucket, Key: key, UploadId }));
    expect(listed.Parts?.map((one) => [one.PartNumber, one.Size])).toEqual([[1, part.length]]);
    client.destroy();
  });
});
