import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CONSOLE_CSRF_HEADER, CONSOLE_SESSION_COOKIE } from '@app/contract/console/list';
import { UPLOAD_CHUNK_BYTES, type TranscodeJob } from '@app/contract/console/media';
import { Upload } from 'tus-js-client';
import { makeDemoClips } from '../packages/server/src/media/demo-clips.ts';
import { frameArgs, hlsRenditionArgs, probeArgs } from '../packages/server/src/media/ffmpeg-args.ts';
import { runFfmpeg } from '../packages/server/src/media/ffmpeg.ts';
import { PLAYLIST_KEY_URI, renditionSeconds, RENDITIONS } from '../packages/server/src/media/hls.ts';
import { COVER_SIZE, THUMB_SIZE } from '../packages/server/src/media/images.ts';
import { coverMoments } from '../packages/server/src/media/transcode.ts';
import { freePort, SERVER_NODE_ARGS } from '../packages/server/src/test/run-process.ts';
import { median, timed } from './measure.ts';

/**
 * `npm run bench:ingest` (issue 24, Performance), both against a reference measured in this run:
 *
 * 1. Upload: a 500 MB file through the console's tus endpoint over loopback, with the console's own
 *    client (tus-js-client, the console's chunk size), against writing the same bytes in the same
 *    chunks to a file on the same disk. Target: at least 80 % of the disk's speed. Each side ends
 *    with its bytes on the disk (fdatasync), as the server's upload does before it queues the job:
 *    without it the reference would time a copy into the page cache, not a write to the disk.
 * 2. Transcode: seconds of video made per wall second for the 240 + 480 + intro ladder through the
 *    queue (upload finished → job done, TRANSCODE_CONCURRENCY jobs side by side), against the same
 *    ffmpeg commands with the same arguments run by hand, as many files side by side. Target: the
 *    queue adds less than 5 %.
 *
 * The rounds alternate (reference, measured, reference, …) so a busy moment hits both alike.
 */
const root = path.resolve(import.meta.dirname, '..');
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_MB ?? 500) * 1024 * 1024;
const UPLOAD_ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 5);
const CLIP_SECONDS = Number(process.env.BENCH_CLIP_SECONDS ?? 30);
const TRANSCODE_ROUNDS = 3;
export const OWNER = { email: 'bench-ingest-owner@example.com', password: 'Bench-Ingest-Owner-9' };
const concurrency = os.availableParallelism();
/** BENCH_INGEST=upload measures the upload alone (the transcode half takes minutes). */
const ONLY = process.env.BENCH_INGEST;

export function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [...SERVER_NODE_ARGS, 'packages/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
export const stopServer = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGTERM')),
  );

export async function healthy(base: string, child: ChildProcess) {
  for (const until = Date.now() + 120_000; Date.now() < until;) {
    if (child.exitCode !== null) throw new Error('the server exited');
    if (
      await fetch(`${base}/healthz`).then(
        (reply) => reply.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

export async function signIn(base: string) {
  const reply = await fetch(`${base}/admin/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  if (!reply.ok) throw new Error(`sign-in failed: ${reply.status}`);
  const cookie = reply.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${CONSOLE_SESSION_COOKIE}=`))!
    .split(';')[0]!;
  return { cookie, csrf: ((await reply.json()) as { csrf: string }).csrf };
}
type Session = Awaited<ReturnType<typeof signIn>>;

/** One file through tus as the console sends it. */
export function tusUpload(base: string, who: Session, bytes: Buffer, title: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(bytes, {
      endpoint: `${base}/admin/api/transcode/uploads`,
      chunkSize: UPLOAD_CHUNK_BYTES,
      headers: { cookie: who.cookie, [CONSOLE_CSRF_HEADER]: who.csrf },
      metadata: { filename: `${title}.mp4`, title, type: 'long' },
      onSuccess: () => resolve(upload.url!),
      onError: reject,
    });
    upload.start();
  });
}

/**
 * A second reference: the least any Node server does with an upload, a bare node:http server in
 * its own process writing each request's bytes to a file as they arrive (no framework, no tus).
 */
const BARE_SERVER = `
const http = require('node:http');
const fs = require('node:fs/promises');
http.createServer(async (req, res) => {
  const file = await fs.open(process.env.BARE_FILE, 'a');
  for await (const chunk of req) await file.write(chunk);
  if (req.headers['x-last']) await file.datasync();
  await file.close();
  res.writeHead(204).end();
}).listen(Number(process.env.BARE_PORT), '127.0.0.1', () => console.log('ready'));
`;

/** The same chunks as the console's client sends, with node:http as tus-js-client uses it in Node. */
async function bareUpload(port: number, bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += UPLOAD_CHUNK_BYTES) {
    const chunk = bytes.subarray(at, at + UPLOAD_CHUNK_BYTES);
    await new Promise<void>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'PATCH',
          headers: {
            'content-length': String(chunk.length),
            ...(at + chunk.length >= bytes.length ? { 'x-last': '1' } : {}),
          },
        },
        (reply) => {
          reply.resume();
          reply.on('end', () => (reply.statusCode === 204 ? resolve() : reject(new Error('bare server'))));
        },
      );
      request.on('error', reject);
      request.end(chunk);
    });
  }
}

/** The reference: the same bytes in the same chunks to a file on the same disk, then synced. */
async function writeToDisk(file: string, bytes: Buffer) {
  const handle = await fs.open(file, 'w');
  try {
    for (let at = 0; at < bytes.length; at += UPLOAD_CHUNK_BYTES)
      await handle.write(bytes, at, Math.min(UPLOAD_CHUNK_BYTES, bytes.length - at), at);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

export async function jobs(base: string, who: Session): Promise<TranscodeJob[]> {
  const reply = await fetch(`${base}/admin/api/transcode/jobs?limit=200`, {
    headers: { cookie: who.cookie },
  });
  return ((await reply.json()) as { items: TranscodeJob[] }).items;
}

/** Resolves when `count` jobs titled `prefix…` are done, read from the live event stream. */
async function jobsFinished(
  base: string,
  who: Session,
  prefix: string,
  count: number,
): Promise<{ all: Promise<void> }> {
  const reply = await fetch(`${base}/admin/api/transcode/events`, { headers: { cookie: who.cookie } });
  const reader = reply.body!.getReader();
  return { all: readUntilDone(reader, prefix, count) };
}

async function readUntilDone(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  prefix: string,
  count: number,
): Promise<void> {
  const decoder = new TextDecoder();
  const done = new Set<number>();
  let text = '';
  try {
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) throw new Error('the event stream ended');
      text += decoder.decode(value, { stream: true });
      const events = text.split('\n\n');
      text = events.pop() ?? '';
      for (const event of events) {
        const data = /^event: job\ndata: (.*)$/m.exec(event)?.[1];
        if (!data) continue;
        const job = JSON.parse(data) as TranscodeJob;
        if (!job.title.startsWith(prefix)) continue;
        if (job.state === 'failed') throw new Error(`a bench job failed: ${job.failureDetail}`);
        if (job.state === 'done') done.add(job.id);
      }
      if (done.size === count) return;
    }
  } finally {
    await reader.cancel();
  }
}

async function queueIdle(base: string, who: Session) {
  while ((await jobs(base, who)).some((job) => job.state === 'queued' || job.state === 'running'))
    await new Promise((resolve) => setTimeout(resolve, 200));
}

/** Every ffmpeg command a job runs (probe, the ladder, the cover frames), one after another. */
async function byHand(clip: string, out: string) {
  await fs.mkdir(out, { recursive: true });
  // The job reads the duration from this run's log; the clip's is known here.
  await runFfmpeg(probeArgs(clip)).catch(() => undefined);
  for (const name of RENDITIONS) {
    const dir = path.join(out, name);
    await fs.mkdir(dir, { recursive: true });
    const keyFile = path.join(out, `${name}.key`);
    await fs.writeFile(keyFile, crypto.randomBytes(16));
    await fs.writeFile(
      path.join(out, `${name}.keyinfo`),
      `${PLAYLIST_KEY_URI}\n${keyFile}\n${crypto.randomBytes(16).toString('hex')}\n`,
    );
    const intro = name === 'intro';
    await runFfmpeg(
      hlsRenditionArgs({
        input: clip,
        height: name === '480' ? 480 : 240,
        outDir: dir,
        keyInfoFile: path.join(out, `${name}.keyinfo`),
        segmentSeconds: intro ? 2 : 4,
        ...(intro ? { durationSeconds: renditionSeconds('intro', CLIP_SECONDS) } : {}),
      }),
      { timeoutMs: 3_600_000 },
    );
  }
  for (const [n, at] of coverMoments(CLIP_SECONDS).entries()) {
    await runFfmpeg(
      frameArgs({ input: clip, atSeconds: at, ...COVER_SIZE, out: path.join(out, `c${n}.jpg`) }),
    );
    await runFfmpeg(
      frameArgs({ input: clip, atSeconds: at, ...THUMB_SIZE, out: path.join(out, `t${n}.jpg`) }),
    );
  }
}

async function main() {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-ingest-'));
  const dataDir = path.join(work, 'data');
  await fs.mkdir(dataDir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    AUTO_SEED: '0',
    OWNER_EMAIL: OWNER.email,
    OWNER_PASSWORD: OWNER.password,
    RATE_LIMIT_CONSOLE: '100000/1m',
  };
  let server: ChildProcess | undefined;
  try {
    // ── 1. Upload ── (no transcoding in this server: the bytes are random)
    server = startServer({ ...env, TRANSCODE_CONCURRENCY: '0' });
    await healthy(base, server);
    let who = await signIn(base);
    let bytes = crypto.randomBytes(UPLOAD_BYTES);
    const mb = UPLOAD_BYTES / 1024 / 1024;
    const barePort = await freePort();
    const bareFile = path.join(dataDir, 'bare.bin');
    const bare = spawn(process.execPath, ['-e', BARE_SERVER], {
      env: { ...process.env, BARE_PORT: String(barePort), BARE_FILE: bareFile },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve) => bare.stdout!.once('data', resolve));
    const disk: number[] = [];
    const plain: number[] = [];
    const tus: number[] = [];
    const measures = [
      async (round: number) => {
        const reference = path.join(dataDir, `disk-${round}.bin`);
        disk.push(mb / ((await timed(() => writeToDisk(reference, bytes))) / 1000));
        await fs.rm(reference, { force: true });
      },
      async () => {
        plain.push(mb / ((await timed(() => bareUpload(barePort, bytes))) / 1000));
        await fs.rm(bareFile, { force: true });
      },
      async (round: number) => {
        const title = `bench upload ${round}`;
        tus.push(mb / ((await timed(() => tusUpload(base, who, bytes, title))) / 1000));
      },
    ];
    for (let round = 0; round < UPLOAD_ROUNDS; round += 1) {
      // Each round starts with a different one, so none always follows the same neighbour.
      for (let i = 0; i < measures.length; i += 1) await measures[(round + i) % measures.length]!(round);
    }
    bare.kill();
    // The half gigabyte is not needed any more: the transcode phase runs without its memory held.
    bytes = Buffer.alloc(0);
    const uploadRatio = median(tus) / median(disk);
    console.log(
      `upload ${mb.toFixed(0)} MB in ${UPLOAD_CHUNK_BYTES / 1024 / 1024} MB chunks, each ending synced to the disk: disk ${median(disk).toFixed(0)} MB/s, bare node:http ${median(plain).toFixed(0)} MB/s, tus over loopback ${median(tus).toFixed(0)} MB/s → ${(uploadRatio * 100).toFixed(1)} % of disk (target ≥ 80 %), ${((median(tus) / median(plain)) * 100).toFixed(1)} % of bare node:http`,
    );
    await stopServer(server);
    if (ONLY === 'upload') return;

    // ── 2. Transcode ──
    server = startServer(env);
    await healthy(base, server);
    who = await signIn(base);
    await queueIdle(base, who); // the random uploads fail at once (not a video)
    const clips = await makeDemoClips(
      path.join(work, 'clips'),
      Array.from({ length: concurrency }, (_, i) => ({
        title: `Bench ${i + 1}`,
        pattern: 'testsrc2' as const,
        seconds: CLIP_SECONDS,
        width: 1280,
        height: 720,
      })),
    );
    const clipBytes = await Promise.all(clips.map((clip) => fs.readFile(clip)));
    const videoSeconds = CLIP_SECONDS * clips.length;
    const hand: number[] = [];
    const queue: number[] = [];
    for (let round = 0; round < TRANSCODE_ROUNDS; round += 1) {
      const runHand = async () => {
        const out = path.join(work, `hand-${round}`);
        hand.push(
          videoSeconds /
            ((await timed(() => Promise.all(clips.map((clip, i) => byHand(clip, `${out}/${i}`))))) / 1000),
        );
        await fs.rm(out, { recursive: true, force: true });
      };
      const runQueue = async () => {
        // From the first file's last byte (its job starts at once) until every job is done; the
        // other files' uploads (tens of milliseconds over loopback) count against the queue. The
        // jobs are followed on the console's event stream, as the page follows them: no polling.
        const prefix = `bench clip ${round}-`;
        const finished = await jobsFinished(base, who, prefix, clips.length);
        const uploaded = await Promise.all(
          clipBytes.map((clip, i) =>
            tusUpload(base, who, clip, `${prefix}${i}`).then(() => performance.now()),
          ),
        );
        const started = Math.min(...uploaded);
        await finished.all;
        queue.push(videoSeconds / ((performance.now() - started) / 1000));
      };
      // Alternate which goes first, so neither always meets a cooler or busier machine.
      if (round % 2 === 0) {
        await runHand();
        await runQueue();
      } else {
        await runQueue();
        await runHand();
      }
    }
    const transcodeRatio = median(queue) / median(hand);
    console.log(
      `transcode ${clips.length} × ${CLIP_SECONDS} s 1280×720 (240 + 480 + intro, probe and covers), ${concurrency} at once: by hand ${median(hand).toFixed(2)} s of video/s, through the queue ${median(queue).toFixed(2)} s of video/s → the queue adds ${((1 / transcodeRatio - 1) * 100).toFixed(1)} % (target < 5 %)`,
    );
    console.log(
      `ratios: upload/disk ${uploadRatio.toFixed(3)}, upload/bare-http ${(median(tus) / median(plain)).toFixed(3)}, queue/hand ${transcodeRatio.toFixed(3)}`,
    );
  } finally {
    if (server) await stopServer(server);
    await fs.rm(work, { recursive: true, force: true });
  }
}

// Imported by bench/media-store.ts for its helpers: run only as the script itself.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
