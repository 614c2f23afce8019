import { spawn, type ChildProcess } from 'node:child_process';
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

/** Runs one of the server's TypeScript entry points (server, CLI) as its own process. */
export function startTs(
  entry: string,
  args: string[],
  env: Record<string, string>,
): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, path.join(serverRoot, entry), ...args], {
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
