import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeDemoClips } from '../packages/server/src/media/demo-clips.ts';
import { startS3Server } from '../packages/server/src/test/s3-server.ts';
import { freePort } from '../packages/server/src/test/run-process.ts';
import { median } from './measure.ts';
import { healthy, jobs, OWNER, signIn, startServer, stopServer, tusUpload } from './upload-transcode.ts';

/**
 * `npm run bench:media` (issue 33): upload → playable with MEDIA_STORE=s3 (the npm S3 server the
 * tests use, on this machine) against MEDIA_STORE=local, in alternating rounds of one run. A round
 * uploads a clip through the console's tus endpoint and ends when the first 240 segment of the new
 * video loads from the server (its renditions are in the store and the job has committed).
 */
const ROUNDS = Number(process.env.BENCH_MEDIA_ROUNDS ?? 3);
const CLIP_SECONDS = Number(process.env.BENCH_CLIP_SECONDS ?? 20);

async function uploadToPlayable(base: string, clip: Buffer, title: string): Promise<number> {
  const started = performance.now();
  const who = await signIn(base);
  await tusUpload(base, who, clip, title);
  for (;;) {
    const job = (await jobs(base, who)).find((one) => one.title === title);
    if (job?.state === 'failed') throw new Error(`the bench job failed: ${job.failureDetail}`);
    const asset =
      job?.state === 'done' ? /\/img\/covers\/(.+)-1\.bin$/.exec(job.covers[0]?.cover ?? '')?.[1] : undefined;
    if (asset) {
      const segment = await fetch(`${base}/hls/${asset}/240/seg_00000.ts`);
      await segment.arrayBuffer();
      if (segment.ok) return (performance.now() - started) / 1000;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main() {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-media-'));
  const s3 = await startS3Server();
  const servers: ChildProcess[] = [];
  try {
    const [clipFile] = await makeDemoClips(path.join(work, 'clips'), [
      { title: 'bench', seconds: CLIP_SECONDS, width: 1280, height: 720, pattern: 'testsrc2' },
    ]);
    const clip = await fs.readFile(clipFile!);
    const sides: Record<'local' | 's3', { base: string; times: number[] }> = {} as never;
    for (const kind of ['local', 's3'] as const) {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startServer({
        DATA_DIR: path.join(work, kind),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        AUTO_SEED: '0',
        OWNER_EMAIL: OWNER.email,
        OWNER_PASSWORD: OWNER.password,
        RATE_LIMIT_CONSOLE: '100000/1m',
        TRANSCODE_CONCURRENCY: '1',
        ...(kind === 's3' ? { ...s3.env, S3_PREFIX: 'bench' } : { MEDIA_STORE: 'local' }),
      });
      servers.push(server);
      await healthy(base, server);
      sides[kind] = { base, times: [] };
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternate which goes first, so a busy moment falls on both alike.
      const order = round % 2 === 0 ? (['local', 's3'] as const) : (['s3', 'local'] as const);
      for (const kind of order) {
        const side = sides[kind];
        side.times.push(await uploadToPlayable(side.base, clip, `bench media ${kind} ${round}`));
      }
    }
    const local = median(sides.local.times);
    const bucket = median(sides.s3.times);
    console.log(
      `upload → playable, ${CLIP_SECONDS} s clip (${(clip.length / 1048576).toFixed(1)} MB), median of ${ROUNDS}: ` +
        `MEDIA_STORE=local ${local.toFixed(2)} s, MEDIA_STORE=s3 ${bucket.toFixed(2)} s → s3/local ${(bucket / local).toFixed(2)}`,
    );
  } finally {
    await Promise.all(servers.map((server) => stopServer(server)));
    await s3.stop();
    await fs.rm(work, { recursive: true, force: true });
  }
}

await main();
