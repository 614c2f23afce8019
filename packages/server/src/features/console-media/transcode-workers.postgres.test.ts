import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TranscodeJob } from '@app/contract/console/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDemoClips } from '../../media/demo-clips.ts';
import { prepareDataDir } from '../../test/build-app.ts';
import { exitOf, freePort, startTs, waitForHealthy } from '../../test/run-process.ts';
import { uploadFile, type Who } from './upload-kit.ts';

// A web node and worker nodes on one PostgreSQL: this file runs only with TEST_DATABASE_URL. They
// share DATA_DIR here (the staged upload is on disk until uploads move to the bucket).
const OWNER = { email: 'owner.workers@console.test', password: 'Workers-Test-Pass-1' };

let data: Awaited<ReturnType<typeof prepareDataDir>>;
let work: string;
let clip: string;
beforeAll(async () => {
  data = await prepareDataDir({
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    OWNER_EMAIL: OWNER.email,
    OWNER_PASSWORD: OWNER.password,
    TRANSCODE_CONCURRENCY: '1',
  });
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'transcode-workers-'));
  // Long enough that a worker is stopped and killed while ffmpeg works.
  clip = (
    await makeDemoClips(work, [
      { title: 'Workers', pattern: 'testsrc2', seconds: 16, width: 480, height: 270 },
    ])
  )[0]!;
}, 180_000);
afterAll(async () => {
  await data.remove();
  await fs.rm(work, { recursive: true, force: true });
});

async function signIn(base: string): Promise<Who> {
  const reply = await fetch(`${base}/admin/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  expect(reply.status).toBe(200);
  const cookie = reply.headers
    .getSetCookie()
    .find((line) => line.startsWith('op_session='))!
    .split(';')[0]!;
  return { cookie, csrf: ((await reply.json()) as { csrf: string }).csrf };
}

async function until<T>(what: () => Promise<T | undefined>, timeoutMs = 300_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The ffmpeg children of a process at this moment. */
const ffmpegsOf = (pid: number): number[] => {
  try {
    return execFileSync('pgrep', ['-P', String(pid), 'ffmpeg'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};
const runsFfmpeg = (pid: number) => ffmpegsOf(pid).length > 0;

describe('transcode workers (ROLE=worker) beside a web node (ROLE=web)', () => {
  it('a clean stop hands the job back without an attempt; a worker killed mid-job has it finished by another within 30 s', async () => {
    const ports = await Promise.all([0, 1, 2, 3].map(() => freePort()));
    const node = (role: 'web' | 'worker', port: number) =>
      startTs('src/server.ts', [], { ...data.env, ROLE: role, PORT: String(port) });
    const webBase = `http://127.0.0.1:${ports[0]}`;
    const web = node('web', ports[0]!);
    const started = [web];
    try {
      await waitForHealthy(webBase, web);
      const first = node('worker', ports[1]!);
      started.push(first);
      await waitForHealthy(`http://127.0.0.1:${ports[1]}`, first);
      const who = await signIn(webBase);
      const jobOf = async (id?: number) => {
        const reply = await fetch(`${webBase}/admin/api/transcode/jobs`, { headers: { cookie: who.cookie } });
        const items = ((await reply.json()) as { items: TranscodeJob[] }).items;
        return id === undefined ? items[0] : items.find((job) => job.id === id);
      };
      await uploadFile(webBase, who, clip, { title: 'Two Workers', type: 'long' });
      const running = await until(async () => {
        const job = await jobOf();
        return job?.state === 'running' && job.stage !== 'probe' ? job : undefined;
      });
      expect(running.attempts).toBe(1);
      // The web node runs no ffmpeg; the worker does.
      expect(runsFfmpeg(web.pid!)).toBe(false);
      expect(runsFfmpeg(first.pid!)).toBe(true);

      // A clean stop: the job is back in the queue at once, and that attempt does not count.
      first.kill('SIGTERM');
      expect(await exitOf(first)).toBe(0);
      expect(await jobOf(running.id)).toMatchObject({ state: 'queued', attempts: 0 });

      // Two workers: one takes the job; killed mid-job, the other finishes it.
      const next = [node('worker', ports[2]!), node('worker', ports[3]!)];
      started.push(...next);
      await Promise.all(next.map((worker, i) => waitForHealthy(`http://127.0.0.1:${ports[2 + i]}`, worker)));
      await until(async () => {
        const job = await jobOf(running.id);
        return job?.state === 'running' && job.stage !== 'probe' && next.some((w) => runsFfmpeg(w.pid!))
          ? job
          : undefined;
      });
      const victim = next.find((worker) => runsFfmpeg(worker.pid!))!;
      const survivor = next.find((worker) => worker !== victim)!;
      // A lost machine takes its ffmpeg with it.
      const orphans = ffmpegsOf(victim.pid!);
      victim.kill('SIGKILL');
      for (const pid of orphans) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
      await exitOf(victim);
      const killedAt = Date.now();
      await until(async () => (runsFfmpeg(survivor.pid!) ? true : undefined), 60_000);
      const takenAfterMs = Date.now() - killedAt;
      console.log(`job taken over ${Math.round(takenAfterMs / 100) / 10} s after its worker was killed`);
      expect(takenAfterMs).toBeLessThan(35_000);
      const done = await until(async () => {
        const job = await jobOf(running.id);
        return job?.state === 'done' || job?.state === 'failed' ? job : undefined;
      });
      // The killed attempt counts (a job that kills its worker each time must end); the handed-back one did not.
      expect(done).toMatchObject({ state: 'done', attempts: 2, failure: null });
      expect(done.video).toMatchObject({ published: false });
    } finally {
      // Those still running (a killed one has a signal code and no exit code, and exits no more).
      const running = started.filter((child) => child.exitCode === null && child.signalCode === null);
      for (const child of running) child.kill('SIGTERM');
      await Promise.all(running.map((child) => exitOf(child)));
    }
  }, 900_000);
});
