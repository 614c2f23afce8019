import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CONSOLE_CSRF_HEADER } from '@app/contract/console/list';
import { runFfmpeg } from '../../media/ffmpeg.ts';
import { generatedInput } from '../../media/ffmpeg-args.ts';
import { makeDemoClips } from '../../media/demo-clips.ts';
import type { Config } from '../../config.ts';
import { mediaStoreOf } from '../../platform/media-store/index.ts';
import { BucketStagingStore, stagedUploadKey } from './staging-bucket.ts';

/**
 * tus 1.0.0 as the console speaks it, over real HTTP (tests and benchmarks): create, send bytes
 * from an offset, ask the offset. `who` is an operator session (cookie + CSRF token).
 */
export interface Who {
  cookie: string;
  csrf: string;
}
const ENDPOINT = '/admin/api/transcode/uploads';
const base64 = (text: string) => Buffer.from(text).toString('base64');

function headersOf(who: Who | { userToken: string } | null): Record<string, string> {
  if (!who) return { 'tus-resumable': '1.0.0' };
  if ('userToken' in who) return { 'tus-resumable': '1.0.0', authorization: `Bearer ${who.userToken}` };
  return { 'tus-resumable': '1.0.0', cookie: who.cookie, [CONSOLE_CSRF_HEADER]: who.csrf };
}

export async function createUpload(
  origin: string,
  who: Who | { userToken: string } | null,
  size: number,
  metadata: Record<string, string>,
): Promise<{ status: number; id?: string; body: string }> {
  const reply = await fetch(`${origin}${ENDPOINT}`, {
    method: 'POST',
    headers: {
      ...headersOf(who),
      'upload-length': String(size),
      'upload-metadata': Object.entries(metadata)
        .map(([key, value]) => `${key} ${base64(value)}`)
        .join(','),
    },
  });
  const location = reply.headers.get('location');
  return { status: reply.status, id: location?.split('/').pop(), body: await reply.text() };
}

export async function uploadOffset(origin: string, who: Who | null, id: string) {
  const reply = await fetch(`${origin}${ENDPOINT}/${id}`, { method: 'HEAD', headers: headersOf(who) });
  return { status: reply.status, offset: Number(reply.headers.get('upload-offset') ?? -1) };
}

export async function sendBytes(origin: string, who: Who | null, id: string, offset: number, bytes: Buffer) {
  const reply = await fetch(`${origin}${ENDPOINT}/${id}`, {
    method: 'PATCH',
    headers: {
      ...headersOf(who),
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
    },
    body: new Uint8Array(bytes),
  });
  return {
    status: reply.status,
    offset: Number(reply.headers.get('upload-offset') ?? -1),
    body: await reply.text(),
  };
}

/**
 * A PATCH whose connection drops after `sendFirst` bytes of `bytes` (a train into a tunnel): the
 * request is cut without its end, as a dead link cuts it.
 */
export function sendBytesAndDrop(
  origin: string,
  who: Who,
  id: string,
  offset: number,
  bytes: Buffer,
  sendFirst: number,
): Promise<void> {
  const url = new URL(`${origin}${ENDPOINT}/${id}`);
  return new Promise((resolve) => {
    const request = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'PATCH',
      headers: {
        ...headersOf(who),
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        'content-length': String(bytes.length),
      },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(bytes.subarray(0, sendFirst), () => {
      // Give the server a moment to write what arrived, then pull the plug.
      setTimeout(() => request.destroy(), 300);
    });
  });
}

/** The whole file in one go, from offset 0. */
export async function uploadFile(
  origin: string,
  who: Who,
  file: string,
  metadata: { title: string; type: string; filename?: string },
): Promise<string> {
  const bytes = await fs.readFile(file);
  const created = await createUpload(origin, who, bytes.length, {
    filename: metadata.filename ?? path.basename(file),
    title: metadata.title,
    type: metadata.type,
  });
  if (created.status !== 201 || !created.id)
    throw new Error(`upload refused: ${created.status} ${created.body}`);
  const sent = await sendBytes(origin, who, created.id, 0, bytes);
  if (sent.status !== 204) throw new Error(`upload failed: ${sent.status} ${sent.body}`);
  return created.id;
}

/** Files an operator may drop on the page: a real clip and the ones that are no video. */
export async function makeSampleFiles(dir?: string) {
  const work = dir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'media-samples-')));
  const [clip] = await makeDemoClips(path.join(work, 'clips'), [
    { title: 'Upload Test', pattern: 'testsrc2', seconds: 6, width: 320, height: 240 },
  ]);
  const text = path.join(work, 'notes.mp4');
  await fs.writeFile(text, 'these are meeting notes, not a video\n'.repeat(50));
  const audio = path.join(work, 'tone.m4a');
  await runFfmpeg([
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    ...generatedInput('sine=frequency=440:sample_rate=44100'),
    '-t',
    '3',
    '-c:a',
    'aac',
    audio,
  ]);
  const still = path.join(work, 'still.png');
  await runFfmpeg([
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    ...generatedInput('testsrc=s=320x240'),
    '-frames:v',
    '1',
    still,
  ]);
  // The clip is written with faststart (index first), so half of it opens and then breaks off.
  const whole = await fs.readFile(clip!);
  const truncated = path.join(work, 'truncated.mp4');
  await fs.writeFile(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
  return { work, clip: clip!, text, audio, still, truncated };
}

/** What the staged-upload helpers need of a running server: its configuration. */
interface Staging {
  config: Pick<Config, 'dataDir' | 'mediaDir' | 'mediaStore'>;
}

/**
 * A finished upload's bytes where MEDIA_STORE stages them: DATA_DIR/uploads on the local disk,
 * the private `uploads/` prefix of the bucket with MEDIA_STORE=s3; undefined when not there.
 */
export async function stagedBytes(sut: Staging, uploadId: string): Promise<Buffer | undefined> {
  if (sut.config.mediaStore.kind === 's3') return mediaStoreOf(sut.config).get(stagedUploadKey(uploadId));
  return fs.readFile(path.join(sut.config.dataDir, 'uploads', uploadId)).catch(() => undefined);
}

/** Bytes of an upload in staging (finished or not); undefined when it is not (or no longer) there. */
export async function stagedSize(sut: Staging, uploadId: string): Promise<number | undefined> {
  if (sut.config.mediaStore.kind === 's3')
    return new BucketStagingStore(sut.config.mediaStore.s3).receivedBytes(uploadId);
  return (await fs.stat(path.join(sut.config.dataDir, 'uploads', uploadId)).catch(() => undefined))?.size;
}

/** The names in staging (an upload's bytes and its info file), sorted. */
export async function stagedNames(sut: Staging): Promise<string[]> {
  if (sut.config.mediaStore.kind === 's3')
    return (await mediaStoreOf(sut.config).list('uploads/')).map((entry) =>
      entry.key.slice('uploads/'.length),
    );
  return (await fs.readdir(path.join(sut.config.dataDir, 'uploads')).catch(() => [] as string[])).sort();
}

/**
 * With TEST_MEDIA_STORE=s3 a server whose test compares the bucket's contents before and after
 * gets a prefix of its own, so other test files writing to the shared bucket meanwhile do not count.
 */
export function ownMediaPrefix(name: string): Record<string, string> {
  return process.env.TEST_MEDIA_STORE === 's3' ? { S3_PREFIX: `${name}-${crypto.randomUUID()}` } : {};
}
