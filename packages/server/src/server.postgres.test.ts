import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from './test/build-app.ts';
import { expectGuestsKept, registerGuestsInALoop } from './test/guest-writes.ts';
import { testRedisEnv } from './test/redis-env.ts';
import { exitOf, freePort, startTs, waitForHealthy } from './test/run-process.ts';

// Several workers need a shared PostgreSQL, so this file runs only with TEST_DATABASE_URL
// (vitest.config.ts).
let data: Awaited<ReturnType<typeof prepareDataDir>>;
beforeAll(async () => {
  data = await prepareDataDir({ LOG_LEVEL: 'warn', HOST: '127.0.0.1' });
});
afterAll(async () => data.remove());

/** The worker processes the server process started. */
const workersOf = (pid: number) =>
  execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map(Number);

describe('the server with two workers on PostgreSQL', () => {
  it('replaces a worker that dies, and on SIGTERM stops them all, losing no acknowledged write', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startTs('src/server.ts', [], {
      ...data.env,
      LOG_LEVEL: 'info',
      PORT: String(port),
      WORKERS: '2',
      ...testRedisEnv('server-workers'),
    });
    // Each worker logs, with its pid, when it has started listening.
    const listening = () =>
      new Set(
        [...server.output().matchAll(/"pid":(\d+),[^\n]*"msg":"serving on /g)].map((m) => Number(m[1])),
      );
    await waitForHealthy(base, server);
    await expect.poll(() => listening().size, { timeout: 30_000 }).toBe(2);

    const [dead] = listening();
    process.kill(dead!, 'SIGKILL');
    await expect
      .poll(() => [...listening()].filter((pid) => pid !== dead).length, { timeout: 30_000 })
      .toBe(2);
    expect(workersOf(server.pid!)).not.toContain(dead);

    const writes = registerGuestsInALoop(base);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const workers = workersOf(server.pid!);
    server.kill('SIGTERM');
    expect(await exitOf(server)).toBe(0);
    const acknowledged = await writes.stop();
    expect(acknowledged.length).toBeGreaterThan(10);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    // Every guest the workers acknowledged is there for a server started again.
    await expectGuestsKept({ ...data.env, PORT: String(port) }, base, acknowledged);
  });
});
