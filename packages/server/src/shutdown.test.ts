import http from 'node:http';
import crypto from 'node:crypto';
import { CONSOLE_CSRF_HEADER } from '@app/contract/console/list';
import { TRANSCODE_EVENTS_PATH } from '@app/contract/console/media';
import { createUpload, sendBytes, uploadOffset, type Who } from './features/console-media/upload-kit.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from './test/build-app.ts';
import { exitOf, freePort, startTs, waitForHealthy } from './test/run-process.ts';

const OWNER = { email: 'owner.shutdown@console.test', password: 'Shutdown-Test-Pass-1' };
const DRAIN_S = 1.5;

let data: Awaited<ReturnType<typeof prepareDataDir>>;
beforeAll(async () => {
  data = await prepareDataDir({
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    OWNER_EMAIL: OWNER.email,
    OWNER_PASSWORD: OWNER.password,
    SHUTDOWN_DRAIN_S: String(DRAIN_S),
    // Sixteen clients from one address, far above a person's limits: the limits are not under test.
    RATE_LIMIT_GUEST: '1000000/1m',
  });
});
afterAll(async () => data.remove());

interface Sent {
  at: number;
  ok: boolean;
  what: string;
}

/** Clients reading (the cached menu) and writing (guests) in a loop until told to stop. */
function load(base: string) {
  const sent: Sent[] = [];
  let stopped = false;
  const client = async (index: number) => {
    while (!stopped) {
      const at = Date.now();
      const write = index % 4 === 0;
      try {
        const reply = write
          ? await fetch(`${base}/v1/register/guest`, { method: 'POST' })
          : await fetch(`${base}/v1/menu/type`);
        await reply.arrayBuffer();
        sent.push({ at, ok: reply.status === (write ? 201 : 200), what: `${reply.status}` });
      } catch (error) {
        sent.push({ at, ok: false, what: String((error as Error).cause ?? error) });
        // Refused: the server stopped taking connections. Wait a moment before trying again.
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const clients = Array.from({ length: 16 }, (_, index) => client(index));
  return {
    sent,
    async stop() {
      stopped = true;
      await Promise.all(clients);
    },
  };
}

const UPLOAD_BYTES = 4 * 1024 * 1024;
const SENT_BEFORE_STOP = 1024 * 1024;

/** A tus PATCH that sends its first bytes and then waits, open, as a slow phone line does. */
function slowPatch(base: string, who: Who, id: string, bytes: Buffer) {
  const url = new URL(`${base}/admin/api/transcode/uploads/${id}`);
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      cookie: who.cookie,
      [CONSOLE_CSRF_HEADER]: who.csrf,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
      'content-length': String(bytes.length),
    },
  });
  const ended = new Promise<number | string>((resolve) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', (error) => resolve(error.message));
  });
  const written = new Promise<void>((resolve) =>
    request.write(bytes.subarray(0, SENT_BEFORE_STOP), () => resolve()),
  );
  return { written, ended };
}

describe('stopping the server (SIGTERM)', () => {
  it('fails no request that arrived before the signal, serves through the drain, and ends event streams with a retry hint', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startTs('src/server.ts', [], { ...data.env, PORT: String(port) });
    await waitForHealthy(base, server);

    // An operator's live job list: an event stream that stays open.
    const signIn = await fetch(`${base}/admin/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OWNER),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .find((line) => line.startsWith('op_session='))!
      .split(';')[0]!;
    const who: Who = { cookie, csrf: ((await signIn.json()) as { csrf: string }).csrf };
    const stream = await fetch(`${base}/admin/api${TRANSCODE_EVENTS_PATH}`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    const streamText = stream.text();

    // An upload whose PATCH is in flight, half-sent, when the signal comes.
    const upload = crypto.randomBytes(UPLOAD_BYTES);
    const created = await createUpload(base, who, UPLOAD_BYTES, {
      filename: 'slow.mp4',
      title: 'Slow Line',
      type: 'long',
    });
    expect(created.status).toBe(201);
    const patch = slowPatch(base, who, created.id!, upload);
    await patch.written;

    const traffic = load(base);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const signalAt = Date.now();
    server.kill('SIGTERM');
    const code = await exitOf(server);
    const exitedAt = Date.now();
    await traffic.stop();

    expect(code).toBe(0);
    // The process drained before it stopped taking connections.
    expect(exitedAt - signalAt).toBeGreaterThanOrEqual(DRAIN_S * 1000);
    const before = traffic.sent.filter((request) => request.at < signalAt);
    expect(before.length).toBeGreaterThan(50);
    expect(before.filter((request) => !request.ok)).toEqual([]);
    // Sent during the drain (with a margin for a request that was still on its way): served too.
    const draining = traffic.sent.filter(
      (request) => request.at >= signalAt && request.at < signalAt + DRAIN_S * 1000 - 300,
    );
    expect(draining.length).toBeGreaterThan(10);
    expect(draining.filter((request) => !request.ok)).toEqual([]);
    // The stream ended (not cut) with a hint to reconnect soon, to a node that serves.
    expect((await streamText).trimEnd().endsWith('retry: 1000')).toBe(true);
    // The upload in flight was let go (not waited for until the grace period cut it)...
    await patch.ended;
    expect(exitedAt - signalAt).toBeLessThan(DRAIN_S * 1000 + 8000);

    // ...and resumes on the next server from the bytes that arrived.
    const again = startTs('src/server.ts', [], { ...data.env, PORT: String(port) });
    try {
      await waitForHealthy(base, again);
      const next = await fetch(`${base}/admin/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(OWNER),
      });
      const nextWho: Who = {
        cookie: next.headers
          .getSetCookie()
          .find((line) => line.startsWith('op_session='))!
          .split(';')[0]!,
        csrf: ((await next.json()) as { csrf: string }).csrf,
      };
      const { status, offset } = await uploadOffset(base, nextWho, created.id!);
      expect(status).toBe(200);
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(SENT_BEFORE_STOP);
      const rest = await sendBytes(base, nextWho, created.id!, offset, upload.subarray(offset));
      expect(rest).toMatchObject({ status: 204, offset: UPLOAD_BYTES });
    } finally {
      again.kill('SIGTERM');
      await exitOf(again);
    }
  }, 180_000);
});
