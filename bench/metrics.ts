import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { exitOf, freePort, startCompiled, waitForHealthy } from '../packages/server/src/test/run-process.ts';
import { median } from './measure.ts';

/**
 * `npm run bench:metrics` (issue 35, measure): requests per second of the cached feed
 * (`GET /v2/longs/videos/0` with a guest's token) on the compiled server with `METRICS_PORT` set
 * (every request timed into the Prometheus histograms) against the same server without it, in
 * turns in the same run, on two copies of one seeded DATA_DIR. The verdict reads CPU time per
 * request from /proc, which other processes on a shared machine do not move; requests per second
 * are printed beside it, each round on fresh processes. Target: metrics cost under 3%.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const TARGET_LOSS = 0.03;
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

function cpuMsOf(child: ChildProcess): number {
  const fields = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = exitOf(child);
  child.kill('SIGTERM');
  await exited;
}

interface Server {
  child: ReturnType<typeof startCompiled>;
  base: string;
  token: string;
}

async function startServer(dataDir: string, metrics: boolean): Promise<Server> {
  const port = await freePort();
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
  };
  if (metrics) env.METRICS_PORT = String(await freePort());
  const child = startCompiled('server', [], env);
  const base = `http://127.0.0.1:${port}`;
  // The first start of the seeded copy makes the demo catalogue: minutes on a busy machine.
  await waitForHealthy(base, child, 600_000);
  const guest = await fetch(`${base}/v1/register/guest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const token = ((await guest.json()) as { response: { token: string } }).response.token;
  if (metrics) {
    const scrape = await fetch(`http://127.0.0.1:${env.METRICS_PORT}/metrics`);
    if (!(await scrape.text()).includes('http_request_duration_seconds'))
      throw new Error('metrics are on but /metrics has no request histogram');
  }
  return { child, base, token };
}

async function measure(server: Server, seconds: number) {
  const cpuBefore = cpuMsOf(server.child);
  const result = await autocannon({
    url: `${server.base}/v2/longs/videos/0?token=${server.token}`,
    connections: CONNECTIONS,
    duration: seconds,
  });
  const cpuMs = cpuMsOf(server.child) - cpuBefore;
  if (result.non2xx || result.errors)
    throw new Error(`failed requests: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, cpuPerRequestMs: cpuMs / result.requests.total };
}

const seeded = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-metrics-'));
const copy = `${seeded}-copy`;
const servers: Server[] = [];
try {
  console.log(
    `load average: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  // Seed once, then copy, so both servers answer from the same catalogue.
  const first = await startServer(seeded, false);
  await stop(first.child);
  fs.cpSync(seeded, copy, { recursive: true });
  const rounds: { on: Awaited<ReturnType<typeof measure>>; off: Awaited<ReturnType<typeof measure>> }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // Fresh processes each round: how well one process's JIT happened to optimise moves a single
    // pair by a few percent either way, more than the metrics cost.
    const on = await startServer(seeded, true);
    const off = await startServer(copy, false);
    servers.push(on, off);
    await measure(on, 2);
    await measure(off, 2);
    // Alternate which goes first, so a drift in the machine's load falls on both.
    const pair =
      round % 2 === 0
        ? { on: await measure(on, SECONDS), off: await measure(off, SECONDS) }
        : { off: await measure(off, SECONDS), on: await measure(on, SECONDS) };
    rounds.push(pair);
    await Promise.all(servers.splice(0).map((server) => stop(server.child)));
    console.log(
      `round ${round + 1}: metrics on ${pair.on.rps.toFixed(0)} req/s (${(pair.on.cpuPerRequestMs * 1000).toFixed(0)} µs CPU/request), off ${pair.off.rps.toFixed(0)} req/s (${(pair.off.cpuPerRequestMs * 1000).toFixed(0)} µs CPU/request)`,
    );
  }
  const rpsRatio = median(rounds.map((pair) => pair.on.rps / pair.off.rps));
  const cpuRatio = median(rounds.map((pair) => pair.off.cpuPerRequestMs / pair.on.cpuPerRequestMs));
  console.log(
    `cached feed with metrics on vs off (median of ${ROUNDS}): requests per second ${(rpsRatio * 100).toFixed(1)} %, requests per CPU second ${(cpuRatio * 100).toFixed(1)} % (target: loss under ${TARGET_LOSS * 100} %: ${1 - cpuRatio < TARGET_LOSS ? 'met' : 'NOT met'})`,
  );
} finally {
  await Promise.all(servers.map((server) => stop(server.child)));
  fs.rmSync(seeded, { recursive: true, force: true });
  fs.rmSync(copy, { recursive: true, force: true });
}
