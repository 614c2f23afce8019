import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from './test/build-app.ts';
import { expectGuestsKept, registerGuestsInALoop } from './test/guest-writes.ts';
import { exitOf, freePort, startTs, waitForHealthy } from './test/run-process.ts';

let data: Awaited<ReturnType<typeof prepareDataDir>>;
beforeAll(async () => {
  data = await prepareDataDir({ LOG_LEVEL: 'warn', HOST: '127.0.0.1' });
});
afterAll(async () => data.remove());

describe('the server process', () => {
  it('loses no acknowledged write when stopped with SIGTERM in a burst of writes, and starts again', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ...data.env, PORT: String(port) };
    const first = startTs('src/server.ts', [], env);
    await waitForHealthy(base, first);

    const writes = registerGuestsInALoop(base);
    await new Promise((resolve) => setTimeout(resolve, 700));
    first.kill('SIGTERM');
    const code = await exitOf(first);
    const acknowledged = await writes.stop();
    expect(code).toBe(0);
    expect(acknowledged.length).toBeGreaterThan(10);
    await expectGuestsKept(env, base, acknowledged);
  });

  it('listens on extra line ports and encrypts API replies there', async () => {
    const port = await freePort();
    const extra = await freePort();
    const env = { ...data.env, PORT: String(port), LINE_PORTS: String(extra) };
    const server = startTs('src/server.ts', [], env);
    try {
      await waitForHealthy(`http://127.0.0.1:${port}`, server);
      const hosts = await (await fetch(`http://127.0.0.1:${port}/host_pwa.txt`)).json();
      expect(hosts.api_pwa.map((line: { url: string }) => line.url)).toEqual([
        `http://127.0.0.1:${port}`,
        `http://127.0.0.1:${extra}`,
      ]);
      const plain = await fetch(`http://127.0.0.1:${port}/v1/menu/type`);
      expect(plain.headers.get('x-app-name')).toBeNull();
      const encrypted = await fetch(`http://127.0.0.1:${extra}/v1/menu/type`);
      expect(encrypted.headers.get('x-app-name')).toBe('streamapp');
      expect(encrypted.headers.get('x-app-version')).toBe('1');
      const blob = Buffer.from(await encrypted.text(), 'base64');
      const { decryptBytes } = await import('./media/aes.ts');
      const clear = JSON.parse(decryptBytes(Buffer.from(hosts.api_pwa[1].key, 'base64'), blob).toString());
      expect(clear).toEqual(await plain.json());
      expect((await fetch(`http://127.0.0.1:${extra}/speed.html`)).status).toBe(200);
    } finally {
      server.kill('SIGTERM');
      await exitOf(server);
    }
  });

  it('refuses more than one worker on the embedded database, saying why', async () => {
    const server = startTs('src/server.ts', [], { ...data.env, DATABASE_URL: '', WORKERS: '2' });
    expect(await exitOf(server)).toBe(1);
    expect(server.output()).toContain('WORKERS above 1 needs DATABASE_URL');
  });

  it('refuses several workers or production without Redis, saying why', async () => {
    const workers = startTs('src/server.ts', [], {
      ...data.env,
      DATABASE_URL: 'postgres://127.0.0.1:1/none',
      WORKERS: '2',
      REDIS_URL: '',
    });
    expect(await exitOf(workers)).toBe(1);
    expect(workers.output()).toContain('WORKERS above 1 needs REDIS_URL');
    const production = startTs('src/server.ts', [], { ...data.env, NODE_ENV: 'production', REDIS_URL: '' });
    expect(await exitOf(production)).toBe(1);
    expect(production.output()).toContain('NODE_ENV=production needs REDIS_URL');
  });
});
