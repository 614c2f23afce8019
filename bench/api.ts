import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../packages/server/src/test/run-process.ts';

/**
 * `npm run bench:api`: autocannon on loopback against the start-up endpoints of the real server,
 * each next to a bare Fastify route returning the same bytes, measured in the same run.
 * DATABASE_URL selects PostgreSQL (else embedded PGlite); the data lives in DATA_DIR, by default
 * .tmp/bench-<database>, seeded on the first run and kept for the next.
 */
const root = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP_S = 2;

const endpoints = [
  { name: 'GET /v1/appinfo', method: 'GET', path: '/v1/appinfo', target: 0.5, auth: false },
  { name: 'GET /v1/menu/type', method: 'GET', path: '/v1/menu/type', target: 0.5, auth: false },
  { name: 'GET /v2/category/long', method: 'GET', path: '/v2/category/long', target: 0.5, auth: false },
  { name: 'POST /v1/user/info', method: 'POST', path: '/v1/user/info', target: 0.2, auth: true },
] as const;

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`process exited before ${url} answered`);
    if (
      await fetch(url).then(
        (reply) => reply.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

async function load(url: string, method: string, seconds: number) {
  const result = await autocannon({
    url,
    method: method as 'GET' | 'POST',
    connections: CONNECTIONS,
    duration: seconds,
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const stop = (child: ChildProcess) =>
  new Promise((resolve) =>
    child.exitCode !== null ? resolve(null) : (child.once('exit', resolve), child.kill('SIGTERM')),
  );

const dataDir = path.resolve(
  process.env.DATA_DIR ??
    path.join(root, '.tmp', process.env.DATABASE_URL ? 'bench-postgres' : 'bench-pglite'),
);
const [port, barePort] = [await freePort(), await freePort()];
const server = start(['packages/server/src/server.ts'], {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
});
const base = `http://127.0.0.1:${port}`;
let bare: ChildProcess | undefined;
try {
  await waitFor(`${base}/healthz`, server);
  const code = (await (await fetch(`${base}/v1/launch`, { method: 'POST' })).json()).response.code;
  const token = (await (await fetch(`${base}/v1/fastlogin`, { headers: { 'x-fast-code': code } })).json())
    .response.token;

  const fixtures = [];
  for (const endpoint of endpoints) {
    const url = `${base}${endpoint.path}${endpoint.auth ? `?token=${token}` : ''}`;
    fixtures.push({
      method: endpoint.method,
      path: endpoint.path,
      body: await (await fetch(url, { method: endpoint.method })).text(),
    });
  }
  const fixtureFile = path.join(os.tmpdir(), `bench-fixtures-${process.pid}.json`);
  fs.writeFileSync(fixtureFile, JSON.stringify(fixtures));
  bare = start(['bench/bare-server.ts', fixtureFile, String(barePort)], {});
  const bareBase = `http://127.0.0.1:${barePort}`;
  await waitFor(`${bareBase}${endpoints[0].path}`, bare);

  console.log(
    `database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}; ${CONNECTIONS} connections, ${DURATION_S} s each, loopback`,
  );
  console.log('endpoint                 |   req/s | p99 ms | bare req/s | bare p99 | ratio | target');
  let allMet = true;
  for (const endpoint of endpoints) {
    const query = endpoint.auth ? `?token=${token}` : '';
    await load(`${bareBase}${endpoint.path}`, endpoint.method, WARMUP_S);
    const reference = await load(`${bareBase}${endpoint.path}`, endpoint.method, DURATION_S);
    await load(`${base}${endpoint.path}${query}`, endpoint.method, WARMUP_S);
    const real = await load(`${base}${endpoint.path}${query}`, endpoint.method, DURATION_S);
    const ratio = real.rps / reference.rps;
    const met = ratio >= endpoint.target && real.p99 < 50 && real.errors === 0;
    allMet &&= met;
    console.log(
      `${endpoint.name.padEnd(24)} | ${real.rps.toFixed(0).padStart(7)} | ${String(real.p99).padStart(6)} | ${reference.rps.toFixed(0).padStart(10)} | ${String(reference.p99).padStart(8)} | ${(ratio * 100).toFixed(0).padStart(4)}% | ≥${endpoint.target * 100}% p99<50 ${met ? 'met' : 'NOT MET'}${real.errors ? ` (${real.errors} errors)` : ''}`,
    );
  }
  console.log(allMet ? 'all targets met' : 'some targets not met');
  fs.rmSync(fixtureFile, { force: true });
} finally {
  if (bare) await stop(bare);
  await stop(server);
}
