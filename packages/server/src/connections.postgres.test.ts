import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from './test/build-app.ts';
import { testRedisEnv } from './test/redis-env.ts';
import { exitOf, freePort, startTs, waitForHealthy } from './test/run-process.ts';

// Several workers need a shared PostgreSQL, so this file runs only with TEST_DATABASE_URL.
const WORKERS = 4;
const PG_POOL_MAX = 3;

let data: Awaited<ReturnType<typeof prepareDataDir>>;
beforeAll(async () => {
  data = await prepareDataDir({
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    WORKERS: String(WORKERS),
    PG_POOL_MAX: String(PG_POOL_MAX),
    // Many clients from one address registering guests: far above a person's limit.
    RATE_LIMIT_GUEST: '1000000/1m',
    ...testRedisEnv('connections'),
  });
});
afterAll(async () => data.remove());

describe('the connection budget (README "Database connections")', () => {
  it(`holds with WORKERS=${WORKERS}: at most PG_POOL_MAX pooled and one listening connection per process`, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startTs('src/server.ts', [], { ...data.env, PORT: String(port) });
    const admin = new pg.Client({ connectionString: data.env.DATABASE_URL });
    await admin.connect();
    try {
      await waitForHealthy(base, server);
      await expect
        .poll(() => server.output().match(/"msg":"serving on /g)?.length ?? 0, { timeout: 180_000 })
        .toBe(WORKERS);
      const database = new URL(data.env.DATABASE_URL!).pathname.slice(1);

      // Load that wants far more connections than the pools give: 64 clients writing at once.
      let stopped = false;
      const client = async () => {
        while (!stopped)
          await fetch(`${base}/v1/register/guest`, { method: 'POST' }).then((r) => r.arrayBuffer());
      };
      const clients = Array.from({ length: 64 }, client);
      const most = new Map<string, number>();
      const until = Date.now() + 4000;
      while (Date.now() < until) {
        const { rows } = await admin.query<{ name: string; n: number }>(
          `select application_name as name, count(*)::int as n from pg_stat_activity
           where datname = $1 and pid <> pg_backend_pid() group by 1`,
          [database],
        );
        for (const row of rows) most.set(row.name, Math.max(most.get(row.name) ?? 0, row.n));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      stopped = true;
      await Promise.all(clients);

      const pools = [...most].filter(([name]) => /^streamapp all \d+$/.test(name));
      const listeners = [...most].filter(([name]) => /^streamapp all \d+ listen$/.test(name));
      // Every worker pooled and listened; the supervisor holds nothing.
      expect(pools).toHaveLength(WORKERS);
      expect(listeners).toHaveLength(WORKERS);
      expect(pools.every(([, n]) => n <= PG_POOL_MAX)).toBe(true);
      expect(listeners.every(([, n]) => n === 1)).toBe(true);
      // The load filled the pools: the ceiling was met, never passed.
      expect(Math.max(...pools.map(([, n]) => n))).toBe(PG_POOL_MAX);
      expect(
        [...most].filter(([name]) => !/^streamapp all \d+( listen)?$/.test(name)).map(([name]) => name),
      ).toEqual([]);
      const total = [...most.values()].reduce((sum, n) => sum + n, 0);
      expect(total).toBeLessThanOrEqual(WORKERS * (PG_POOL_MAX + 1));
      console.log(`connections at most, by application_name: ${JSON.stringify(Object.fromEntries(most))}`);
    } finally {
      await admin.end();
      server.kill('SIGTERM');
      await exitOf(server);
    }
  }, 400_000);
});
