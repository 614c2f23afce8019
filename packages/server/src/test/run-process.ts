import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '..', '..');

/** How Node runs a TypeScript entry of the server, as `npm start` does (see thread-pool.cjs). */
export const SERVER_NODE_ARGS = [
  '--require',
  path.join(serverRoot, 'src', 'platform', 'thread-pool.cjs'),
  '--import',
  'tsx',
];

/**
 * How Node runs the compiled server in production (`npm start`): plain JavaScript from dist/, no
 * TypeScript loader, stack traces mapped back to the sources.
 */
export const COMPILED_NODE_ARGS = [
  '--enable-source-maps',
  '--require',
  path.join(serverRoot, 'dist', 'thread-pool.cjs'),
];
/** The compiled server's entry (`npm run build`). */
export const COMPILED_SERVER = path.join(serverRoot, 'dist', 'server.js');

/** Compiles the server when its sources changed since the last build (scripts/build.mjs). */
export function buildServer(): void {
  execFileSync(process.execPath, [path.join(serverRoot, '..', '..', 'scripts', 'build.mjs'), 'server'], {
    stdio: 'ignore',
  });
}

/** Runs one of the server's TypeScript entry points (server, CLI) as its own process. */
export function startTs(
  entry: string,
  args: string[],
  env: Record<string, string>,
): ChildProcess & { output: () => string } {
  return startNode([...SERVER_NODE_ARGS, path.join(serverRoot, entry), ...args], env);
}

/** Runs a compiled entry (`server`, `seed`, `ingest` in dist/), built first when out of date. */
export function startCompiled(
  entry: 'server' | 'seed' | 'ingest',
  args: string[],
  env: Record<string, string>,
): ChildProcess & { output: () => string } {
  buildServer();
  return startNode([...COMPILED_NODE_ARGS, path.join(serverRoot, 'dist', `${entry}.js`), ...args], env);
}

function startNode(args: string[], env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

export function exitOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code ?? -1));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealthy(
  base: string,
  child: ChildProcess & { output: () => string },
  timeoutMs = 60_000,
) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${child.output()}`);
    const ok = await fetch(`${base}/healthz`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not healthy in time:\n${child.output()}`);
}
