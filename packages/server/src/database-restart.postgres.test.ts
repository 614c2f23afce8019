import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from './platform/tokens.ts';
import { exitOf, freePort, startTs, waitForHealthy } from './test/run-process.ts';
import { testRedisEnv } from './test/redis-env.ts';

// A restart needs a PostgreSQL of our own: this file starts one (initdb in a temporary folder, a
// free port) and runs with the other PostgreSQL files (TEST_DATABASE_URL, vitest.config.ts), where
// the PostgreSQL server programs are installed (.ci/run). Without them it fails, it never skips.

const LOAD_CONNECTIONS = 30;
/** The product's promise: serving again this soon after the database accepts connections. */
const BACK_WITHIN_MS = 5000;
/** A request during the outage is refused, never left hanging. */
const REFUSED_WITHIN_MS = 5000;

function postgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(
      `the PostgreSQL server programs (initdb, pg_ctl) are missing under ${root}/*/bin: ` +
        'install the postgresql package (.ci/run does) to run the database restart test',
    );
  return path.join(root, versions[0]!, 'bin');
}

/** A private PostgreSQL cluster, run as the `postgres` user when the tests run as root. */
async function privatePostgres() {
  const bin = postgresBinaries();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-restart-'));
  if (asRoot) {
    const [uid, gid] = ['-u', '-g'].map((flag) =>
      Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' })),
    );
    fs.chownSync(dir, uid!, gid!);
  }
  // Asynchronous, so that the load keeps running while pg_ctl restarts the database.
  const run = (program: string, args: string[]) =>
    promisify(execFile)(
      asRoot ? 'runuser' : path.join(bin, program),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args,
    );
  const data = path.join(dir, 'data');
  const port = await freePort();
  await run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const ctl = (action: string, ...more: string[]) =>
    run('pg_ctl', [
      action,
      '-D',
      data,
      '-w',
      '-l',
      path.join(dir, 'log'),
      '-o',
      `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`,
      ...more,
    ]);
  await ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** `pg_ctl restart -m fast`: ends every connection, waits until the database accepts again. */
    restart: () => ctl('restart', '-m', 'fast'),
    async stop() {
      try {
        await ctl('stop', '-m', 'immediate');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

interface Outcome {
  started: number;
  ended: number;
  status: number | 'network error';
  kind: 'write' | 'read';
}

/**
 * `connections` clients in a loop: one in three registers a guest (an acknowledged write, 201),
 * the others read user info with a guest's token, the menu, and the health check.
 */
function loadOn(base: string, token: string, connections: number) {
  const outcomes: Outcome[] = [];
  const acknowledged: string[] = [];
  let stopped = false;
  const client = async (index: number) => {
    for (let round = 0; !stopped; round += 1) {
      const kind = (index + round) % 3 === 0 ? 'write' : 'read';
      const url =
        kind === 'write'
          ? `${base}/v1/register/guest`
          : [
              `${base}/v1/user/info?token=${encodeURIComponent(token)}`,
              `${base}/v1/menu/type`,
              `${base}/healthz`,
            ][round % 3]!;
      const started = Date.now();
      let status: Outcome['status'];
      try {
        const reply = await fetch(url, {
          method: url.endsWith('/healthz') || url.endsWith('/menu/type') ? 'GET' : 'POST',
          signal: AbortSignal.timeout(30_000),
        });
        status = reply.status;
        const body = await reply.json();
        if (status === 201) acknowledged.push(body.response.token);
        // Every refusal is the product's envelope, with the code as the HTTP status.
        if (status >= 400)
          expect(body, url).toEqual({ status: { code: status, message: 'server_busy' }, response: null });
      } catch (error) {
        if ((error as Error).name === 'AssertionError') throw error;
        status = 'network error';
      }
      outcomes.push({ started, ended: Date.now(), status, kind });
    }
  };
  const clients = Array.from({ length: connections }, (_, index) => client(index));
  return {
    outcomes,
    acknowledged,
    async stop() {
      stopped = true;
      await Promise.all(clients);
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(url: string) {
  const reply = await fetch(url, { method: 'POST' });
  return { status: reply.status, body: await reply.json() };
}

describe('a PostgreSQL restart under load', () => {
  let database: Awaited<ReturnType<typeof privatePostgres>>;
  let dataDir: string;
  beforeAll(async () => {
    database = await privatePostgres();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-restart-'));
  });
  afterAll(async () => {
    await database?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  for (const workers of [1, 2]) {
    it(`leaves the server up with WORKERS=${workers}: 503 during the outage, serving within 5 s after, no acknowledged write lost, caches exact`, async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = startTs('src/server.ts', [], {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        AUTO_SEED: '0',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        WORKERS: String(workers),
        ...testRedisEnv('database-restart'),
        // 30 connections registering guests from one address: far above a person's limit.
        RATE_LIMIT_GUEST: '1000000/1m',
      });
      const admin = new pg.Client({ connectionString: database.url });
      try {
        await waitForHealthy(base, server);
        const serving = () => server.output().match(/"msg":"serving on /g)?.length ?? 0;
        await expect.poll(serving, { timeout: 30_000 }).toBe(workers);

        const guest = await post(`${base}/v1/register/guest`);
        expect(guest.status).toBe(201);
        const token = guest.body.response.token as string;

        const load = loadOn(base, token, LOAD_CONNECTIONS);
        await sleep(1500);
        const restartAt = Date.now();
        await database.restart();
        const backAt = Date.now();
        await sleep(BACK_WITHIN_MS + 2000);
        await load.stop();

        // The process (and with WORKERS=2 each worker) lived through it: nothing was replaced.
        expect(server.exitCode).toBeNull();
        expect(server.output()).not.toMatch(/exited \(|Unhandled 'error' event/);
        expect(serving()).toBe(workers);

        const { outcomes } = load;
        const failed = outcomes.filter((outcome) => outcome.status !== 200 && outcome.status !== 201);
        // Refused with 503 in the envelope (checked in the load), never a 500 or a cut connection.
        expect(new Set(failed.map((outcome) => outcome.status))).toEqual(new Set([503]));
        expect(failed.length, 'the restart was never seen by a request').toBeGreaterThan(0);
        for (const outcome of failed) expect(outcome.ended - outcome.started).toBeLessThan(REFUSED_WITHIN_MS);
        const lastFailure = Math.max(...failed.map((outcome) => outcome.ended));
        const firstFailure = Math.min(...failed.map((outcome) => outcome.started));
        expect(lastFailure - backAt, 'still refusing requests 5 s after the database was back').toBeLessThan(
          BACK_WITHIN_MS,
        );
        const servedAfter = outcomes.filter((outcome) => outcome.started > lastFailure);
        expect(servedAfter.filter((outcome) => outcome.kind === 'write').length).toBeGreaterThan(10);
        const slowest = Math.max(
          ...outcomes
            .filter((outcome) => outcome.ended > restartAt && outcome.started < backAt)
            .map((outcome) => outcome.ended - outcome.started),
        );
        console.log(
          `PostgreSQL restart (WORKERS=${workers}, ${LOAD_CONNECTIONS} connections): pg_ctl restart -m fast took ` +
            `${backAt - restartAt} ms; requests refused with 503 for ${lastFailure - firstFailure} ms ` +
            `(last 503 ${lastFailure - backAt} ms after the database was back); ` +
            `slowest reply during the outage ${slowest} ms; ${outcomes.length} requests, ${failed.length} refused, ${load.acknowledged.length} guests acknowledged`,
        );

        // Every guest the server acknowledged is in the database.
        await admin.connect();
        const registered = await admin.query<{ count: number }>(
          'select count(*)::int as count from sessions where token_hash = any($1)',
          [load.acknowledged.map((secret) => hashSecret(secret))],
        );
        expect(registered.rows[0]!.count).toBe(load.acknowledged.length);

        // LISTEN is back: a change made in the database shows at once, not after the cache's minute.
        const before = await post(`${base}/v1/user/info?token=${encodeURIComponent(token)}`);
        expect(before.status).toBe(200);
        const { user_id: userId, points } = before.body.response.userInfo;
        await admin.query('update users set points = $1 where id = $2', [points + 777, userId]);
        for (let ask = 0; ask < workers * 4; ask += 1) {
          // Asked several times, so that with two workers each one answers.
          await expect
            .poll(
              async () =>
                (await post(`${base}/v1/user/info?token=${encodeURIComponent(token)}`)).body.response.userInfo
                  .points,
              { timeout: 3000 },
            )
            .toBe(points + 777);
        }
      } finally {
        await admin.end().catch(() => undefined);
        server.kill('SIGTERM');
        await exitOf(server);
      }
    });
  }
});
