import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TranscodeJob } from '@app/contract/console/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { makeDemoClips } from '../../media/demo-clips.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { prepareDataDir } from '../../test/build-app.ts';
import { exitOf, freePort, startTs, waitForHealthy } from '../../test/run-process.ts';
import { ownMediaPrefix, stagedNames, uploadFile, type Who } from './upload-kit.ts';

const OWNER = { email: 'owner.restart@console.test', password: 'Restart-Test-Pass-1' };

let data: Awaited<ReturnType<typeof prepareDataDir>>;
let work: string;
let clip: string;
beforeAll(async () => {
  data = await prepareDataDir(
    {
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      TRANSCODE_CONCURRENCY: '1',
      ...ownMediaPrefix('transcode-restart'),
    },
    { ownMedia: true },
  );
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'transcode-restart-'));
  // Long and large enough that the kill lands while ffmpeg works.
  clip = (
    await makeDemoClips(work, [
      { title: 'Restart', pattern: 'testsrc2', seconds: 20, width: 640, height: 360 },
    ])
  )[0]!;
}, 120_000);
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

async function jobs(base: string, who: Who): Promise<TranscodeJob[]> {
  const reply = await fetch(`${base}/admin/api/transcode/jobs`, { headers: { cookie: who.cookie } });
  return ((await reply.json()) as { items: TranscodeJob[] }).items;
}

async function until<T>(what: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await what();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a server killed during a transcode', () => {
  it('runs the job again after it comes back, makes one video, and publishes it once', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ...data.env, PORT: String(port) };
    const first = startTs('src/server.ts', [], env);
    await waitForHealthy(base, first);
    let who = await signIn(base);
    await uploadFile(base, who, clip, { title: 'Survives A Crash', type: 'long' });
    const running = await until(async () =>
      (await jobs(base, who)).find(
        (job) => job.state === 'running' && (job.stage === '480' || job.stage === 'intro'),
      ),
    );
    first.kill('SIGKILL');
    await exitOf(first);

    const second = startTs('src/server.ts', [], env);
    try {
      await waitForHealthy(base, second);
      who = await signIn(base);
      const done = await until(async () => {
        const job = (await jobs(base, who)).find((item) => item.id === running.id);
        return job?.state === 'done' || job?.state === 'failed' ? job : undefined;
      });
      expect(done).toMatchObject({ state: 'done', attempts: 2, failure: null });
      expect(done.video).toMatchObject({ published: false });
      // Nothing of the killed attempt is left: one asset folder, no work folders, no upload.
      const leftovers = await fs.readdir(path.join(data.env.DATA_DIR!, 'transcode')).catch(() => []);
      expect(leftovers).toEqual([]);
      // The upload goes right after the video is made.
      await until(async () =>
        (await stagedNames({ config: loadConfig(env) })).length === 0 ? true : undefined,
      );

      const publish = () =>
        fetch(`${base}/admin/api/videos/publish`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: who.cookie, 'x-csrf-token': who.csrf },
          body: JSON.stringify({ ids: [done.video!.id], published: true }),
        }).then((reply) => reply.json());
      expect(await publish()).toEqual({ changed: [done.video!.id] });
      expect(await publish()).toEqual({ changed: [] });
      const launch = (await (await fetch(`${base}/v1/launch`, { method: 'POST' })).json()) as {
        response: { code: string };
      };
      const login = (await (
        await fetch(`${base}/v1/fastlogin?platform=web`, { headers: { 'x-fast-code': launch.response.code } })
      ).json()) as { response: { token: string } };
      const found = await fetch(
        `${base}/v1/videos/long/keyword/${encodeURIComponent('Survives A Crash')}?token=${login.response.token}`,
      );
      const hits = (await found.text()).split(done.video!.avkey).length - 1;
      expect(hits).toBe(1);
    } finally {
      second.kill('SIGTERM');
      await exitOf(second);
    }
    const db = await openDatabase(loadConfig(data.env));
    try {
      const videos = await db
        .selectFrom('videos')
        .select('id')
        .where('title', '=', 'Survives A Crash')
        .execute();
      expect(videos).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  }, 300_000);
});
