import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../packages/server/src/test/run-process.ts';

/**
 * `npm run bench:startup`, first part (issue 35): how long `npm start` takes to serve its first
 * request, on a first start (empty DATA_DIR: the demo catalogue is made) and on a second start
 * (everything built and seeded), and the memory (RSS) of one idle server process run compiled
 * (`node dist/server.js`) vs from source through the TypeScript loader (tsx), measured in the
 * same run. BENCH_FIRST_START=0 skips the first start (a minute or more).
 */
const root = path.resolve(import.meta.dirname, '..');
const serverRoot = path.join(root, 'packages/server');

function run(command: string, args: string[], env: Record<string, string>, cwd = root): ChildProcess {
  return spawn(command, args, {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
    stdio: 'ignore',
    detached: true,
  });
}

async function firstServed(base: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error('the server exited');
    if (
      await fetch(`${base}/v1/menu/type`).then(
        (reply) => reply.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('not served in time');
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // npm and its children form one process group: the whole group stops.
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

/** `npm start` on dataDir: seconds to the first API reply. */
async function timedStart(dataDir: string, timeoutMs: number): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = run('npm', ['start'], { PORT: String(port), DATA_DIR: dataDir });
  try {
    await firstServed(`http://127.0.0.1:${port}`, child, timeoutMs);
    return (performance.now() - started) / 1000;
  } finally {
    await stop(child);
  }
}

/** RSS in MB of one server process after it served a request and sat idle for 5 s. */
async function idleRssMb(args: string[], dataDir: string): Promise<number> {
  const port = await freePort();
  const child = run(
    process.execPath,
    args,
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // Production refuses to start without Redis (issue 34): the machine's, under a prefix of its own.
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: `bench-start-${process.pid}:`,
    },
    serverRoot,
  );
  try {
    await firstServed(`http://127.0.0.1:${port}`, child, 120_000);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
  } finally {
    await stop(child);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
try {
  console.log(
    `load average: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
  );
  if (process.env.BENCH_FIRST_START !== '0') {
    console.log(
      `first npm start (demo catalogue made): ${(await timedStart(dataDir, 400_000)).toFixed(1)} s to the first request`,
    );
  } else {
    // Seeded without timing: the second start needs a catalogue.
    await timedStart(dataDir, 400_000);
  }
  const second = [];
  for (let i = 0; i < 3; i += 1) second.push(await timedStart(dataDir, 60_000));
  second.sort((a, b) => a - b);
  console.log(
    `second npm start: ${second[1]!.toFixed(2)} s to the first request (median of 3; target < 5 s)`,
  );
  const compiled = await idleRssMb(['--require', './dist/thread-pool.cjs', 'dist/server.js'], dataDir);
  const source = await idleRssMb(
    ['--require', './src/platform/thread-pool.cjs', '--import', 'tsx', 'src/server.ts'],
    dataDir,
  );
  console.log(
    `idle web process RSS: compiled ${compiled.toFixed(0)} MB, from source with tsx ${source.toFixed(0)} MB (${((compiled / source) * 100).toFixed(0)} %)`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
