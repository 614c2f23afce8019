import { expect } from 'vitest';
import { exitOf, startTs, waitForHealthy } from './run-process.ts';

/**
 * Eight clients registering guests in a loop: a burst of writes to stop a server in. `stop` ends
 * them and gives the tokens the server acknowledged (201).
 */
export function registerGuestsInALoop(base: string) {
  const acknowledged: string[] = [];
  let stopped = false;
  const writer = async () => {
    while (!stopped) {
      try {
        const reply = await fetch(`${base}/v1/register/guest`, { method: 'POST' });
        if (reply.status === 201) acknowledged.push((await reply.json()).response.token);
      } catch {
        return; // the server has stopped accepting connections
      }
    }
  };
  const writers = Array.from({ length: 8 }, writer);
  return {
    async stop() {
      stopped = true;
      await Promise.all(writers);
      return acknowledged;
    },
  };
}

/** A server started again with `env` knows every one of these guests. */
export async function expectGuestsKept(env: Record<string, string>, base: string, tokens: string[]) {
  const server = startTs('src/server.ts', [], env);
  try {
    await waitForHealthy(base, server);
    for (const token of tokens) {
      const info = await fetch(`${base}/v1/user/info?token=${encodeURIComponent(token)}`, { method: 'POST' });
      expect(info.status).toBe(200);
    }
  } finally {
    server.kill('SIGTERM');
    await exitOf(server);
  }
}
