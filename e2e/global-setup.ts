import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  buildServer,
  COMPILED_NODE_ARGS,
  COMPILED_SERVER,
  freePort,
} from '../packages/server/src/test/run-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    firstStartSeconds: number;
    linePorts: number[];
    /** The console's first owner, made at start from OWNER_EMAIL / OWNER_PASSWORD (e2e/console.ts). */
    ownerEmail: string;
    ownerPassword: string;
  }
}

/** The console owner the harness's server is started with (README "Operator console"). */
const OWNER = { email: 'owner@console.test', password: 'E2e-Console-Pass-2026' };

const root = path.resolve(import.meta.dirname, '..');

/**
 * Starts the real product the way `npm start` does (the compiled server, rebuilt first when its
 * sources changed), on an empty DATA_DIR: the first start makes the demo catalogue, so the harness
 * also proves a first start serves in time.
 */
export default async function setup(project: TestProject) {
  // E2E_BASE_URL: a product already running (while developing), so a run skips the first start.
  const running = process.env.E2E_BASE_URL;
  project.provide('ownerEmail', process.env.E2E_OWNER_EMAIL ?? OWNER.email);
  project.provide('ownerPassword', process.env.E2E_OWNER_PASSWORD ?? OWNER.password);
  if (running) {
    project.provide('baseUrl', running);
    // E2E_LINE_PORTS: every line of that product (`npm run cluster:local` serves three), main first.
    const lines = process.env.E2E_LINE_PORTS?.split(',').map(Number) ?? [Number(new URL(running).port)];
    project.provide('linePorts', lines);
    project.provide('firstStartSeconds', 0);
    return;
  }
  // Two lanes (scripts/e2e.mjs): lane 2's first start waits for lane 1's, whose time the start-up
  // spec checks; after 3 minutes without word it starts anyway and lane 1 reports its own failure.
  const startAfter = process.env.E2E_START_AFTER;
  const waitUntil = Date.now() + 180_000;
  while (startAfter && !existsSync(startAfter) && Date.now() < waitUntil) {
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-e2e-'));
  // Three lines on one machine: the main port and two extra ports, whose API replies are encrypted.
  const port = await freePort();
  const linePorts = [await freePort(), await freePort()];
  buildServer();
  const started = Date.now();
  const server = spawn(process.execPath, [...COMPILED_NODE_ARGS, COMPILED_SERVER], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      LINE_PORTS: linePorts.join(','),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      // Every console spec signs in from 127.0.0.1; the per-address limit is tested by the API suite.
      RATE_LIMIT_OPERATOR_SIGN_IN: '1000/10m',
      // Every phone of every spec starts from 127.0.0.1, several specs at once: per-address counts
      // of launches, guests and events would meet their limits mid-run (a phone's launch code then
      // missing). The API suite tests those limits; per-token and per-account ones stay as they are.
      RATE_LIMIT_LAUNCH: '100000/1m',
      RATE_LIMIT_GUEST: '100000/1m',
      RATE_LIMIT_EVENTS: '100000/1m',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  while (
    !(await fetch(`${baseUrl}/healthz`).then(
      (reply) => reply.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    if (Date.now() - started > 170_000) throw new Error('the server did not start in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (process.env.E2E_SERVING_FILE) await fs.writeFile(process.env.E2E_SERVING_FILE, baseUrl);
  project.provide('baseUrl', baseUrl);
  project.provide('linePorts', [port, ...linePorts]);
  project.provide('firstStartSeconds', (Date.now() - started) / 1000);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
