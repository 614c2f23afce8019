import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountsKit } from '../test/accounts-kit.ts';
import { buildTestApp, prepareDataDir, type TestApp } from '../test/build-app.ts';
import { exitOf, freePort, startCompiled, waitForHealthy } from '../test/run-process.ts';
import { checkoutParams, gatewayNotify, TEST_PAYMENT } from '../test/shop-kit.ts';
import { makeSampleFiles, sendBytes } from '../features/console-media/upload-kit.ts';
import * as queue from '../features/console-media/transcode-queue.ts';
import { metricsPortInUse } from './metrics.ts';
import { readiness } from './readiness.ts';

/** Prometheus text as `name{labels}` → value (HELP/TYPE lines give the families). */
async function scrape(port: number) {
  const reply = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toContain('text/plain');
  const text = await reply.text();
  const families = new Set([...text.matchAll(/^# TYPE (\S+)/gm)].map((match) => match[1]!));
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([^#\s][^\s]*) (\S+)$/.exec(line);
    if (match) series.set(match[1]!, Number(match[2]));
  }
  /** The sum over every series of `name` whose labels include all of `labels`. */
  const value = (name: string, labels: Record<string, string> = {}) =>
    [...series.entries()]
      .filter(([key]) => key === name || key.startsWith(`${name}{`))
      .filter(([key]) => Object.entries(labels).every(([label, v]) => key.includes(`${label}="${v}"`)))
      .reduce((sum, [, v]) => sum + v, 0);
  return { families, value };
}

const FAMILIES = [
  'http_request_duration_seconds',
  'nodejs_eventloop_lag_seconds',
  'nodejs_heap_size_used_bytes',
  'db_pool_connections_in_use',
  'db_pool_waiting_queries',
  'rate_limit_refusals_total',
  'transcode_jobs',
  'transcode_job_duration_seconds',
  'media_served_bytes_total',
  'payments_total',
  'sign_in_failures_total',
];

/** The first file under `dir` whose name passes `accept`, as a path relative to `dir`. */
function firstFile(dir: string, accept: (name: string) => boolean): string {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && accept(entry.name))
      return path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
  }
  throw new Error(`no file in ${dir}`);
}

describe('the Grafana dashboard (deploy/grafana)', () => {
  it('graphs every family the server exports', () => {
    const file = path.resolve(import.meta.dirname, '../../../../deploy/grafana/streamapp.json');
    const dashboard = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const queries = dashboard.panels
      .flatMap((panel) => panel.targets.map((target) => target.expr))
      .join('\n');
    for (const family of [...FAMILIES, 'redis_up']) expect(queries, family).toContain(family);
  });
});

describe('metrics (METRICS_PORT)', () => {
  let sut: TestApp;
  let base: string;
  let metricsPort: number;
  beforeAll(async () => {
    sut = await buildTestApp({
      ...TEST_PAYMENT,
      METRICS_PORT: '0',
      RATE_LIMIT_SIGN_IN: '2/1m',
      TRANSCODE_CONCURRENCY: '0',
    });
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(sut.app.server.address() as { port: number }).port}`;
    // The metrics port opens just after the app's own (Fastify's onListen runs after listen).
    metricsPort = await vi.waitFor(() => metricsPortInUse() ?? Promise.reject(new Error('not yet')));
  });
  afterAll(async () => sut.close());

  it('serves every family on its own port only, and each moves when its work happens', async () => {
    const before = await scrape(metricsPort);
    for (const family of FAMILIES) expect(before.families, family).toContain(family);
    // Never on a public line (there the path is just another page of the web app, if any).
    expect(await (await fetch(`${base}/metrics`)).text()).not.toContain('# TYPE');

    // A request: its route's histogram counts it.
    expect((await fetch(`${base}/v1/menu/type`)).status).toBe(200);
    // Sign-in failures, then the per-address limit (2 a minute) refuses the third.
    const signIn = () =>
      fetch(`${base}/v1/login/phone`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-Password-1' }),
      });
    await signIn();
    await signIn();
    expect((await signIn()).status).toBe(429);
    // An image and a segment, each twice: the static route, then (once remembered) the fast path.
    const media = sut.config.mediaDir;
    const image = firstFile(path.join(media, 'img'), (name) => name.endsWith('.bin'));
    const segment = firstFile(path.join(media, 'hls'), (name) => name.endsWith('.ts'));
    const imageBytes = fs.statSync(path.join(media, 'img', image)).size;
    const segmentBytes = fs.statSync(path.join(media, 'hls', segment)).size;
    for (let i = 0; i < 2; i += 1) {
      expect((await fetch(`${base}/img/${image}`)).status).toBe(200);
      expect((await fetch(`${base}/hls/${segment}`)).status).toBe(200);
    }
    // A payment: created by a buy, paid by the gateway's notify.
    const kit = accountsKit(sut);
    const token = await kit.guest();
    const plan = await sut.db
      .selectFrom('plans')
      .select('id')
      .where('name', '=', '月卡')
      .executeTakeFirstOrThrow();
    const channel = await sut.db
      .selectFrom('payment_channels')
      .select('id')
      .where('pay_type', '=', 'alipay')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const buy = await fetch(`${base}/v2/shop/buy?token=${token}&plan=${plan.id}&payment=${channel.id}`);
    const params = checkoutParams(((await buy.json()) as { response: { url: string } }).response.url);
    const notify = gatewayNotify({ out_trade_no: params.out_trade_no!, money: params.money! });
    expect((await fetch(`${base}/pay/notify?${new URLSearchParams(notify)}`)).status).toBe(200);
    // A job waiting in the queue.
    await queue.insertJob(sut.db, {
      uploadId: null,
      operatorId: null,
      sourceFile: '/nowhere',
      keepSource: true,
      fileName: 'queued.mp4',
      sizeBytes: 1,
      title: 'Queued',
      type: 'short',
      assetId: 'metrics-test',
      state: 'queued',
    });

    const after = await scrape(metricsPort);
    const moved = (name: string, labels: Record<string, string> = {}) =>
      after.value(name, labels) - before.value(name, labels);
    const menu = { route: '/v1/menu/type', status_code: '200' };
    expect(moved('http_request_duration_seconds_count', menu)).toBe(1);
    expect(moved('sign_in_failures_total', { who: 'user' })).toBe(2);
    expect(moved('rate_limit_refusals_total', { limit: 'signIn' })).toBe(1);
    expect(moved('media_served_bytes_total', { kind: 'image' })).toBe(2 * imageBytes);
    expect(moved('media_served_bytes_total', { kind: 'segment' })).toBe(2 * segmentBytes);
    expect(moved('payments_total', { state: 'created' })).toBe(1);
    expect(moved('payments_total', { state: 'paid' })).toBe(1);
    expect(moved('transcode_jobs', { state: 'queued' })).toBe(1);
    expect(after.value('nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(after.families).not.toContain('redis_up'); // no REDIS_URL: no gauge that reads as an outage
  });
});

describe('request ids', () => {
  let sut: TestApp;
  let base: string;
  beforeAll(async () => {
    sut = await buildTestApp();
    await sut.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(sut.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => sut.close());

  it('gives every reply its own UUID, and ignores an id sent by a client it does not trust', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const ids = await Promise.all(
      ['/v1/menu/type', '/livez', '/no-such-api/x', '/v1/menu/type'].map(async (url) =>
        (await fetch(`${base}${url}`, { headers: { 'x-request-id': 'forged-by-a-client' } })).headers.get(
          'x-request-id',
        ),
      ),
    );
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('liveness and readiness', () => {
  it('is live and ready when migrated; not ready while shutting down or when Redis is away', async () => {
    const sut = await buildTestApp();
    const unreachableRedis = await buildTestApp({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      expect((await sut.app.inject({ url: '/livez' })).json()).toEqual({ ok: true });
      expect((await sut.app.inject({ url: '/readyz' })).json()).toEqual({ ok: true });
      expect((await sut.app.inject({ url: '/healthz' })).statusCode).toBe(200);

      readiness.shuttingDown = true;
      const leaving = await sut.app.inject({ url: '/readyz' });
      expect(leaving.statusCode).toBe(503);
      expect(leaving.json()).toEqual({ ok: false, failed: ['shutdown'] });
      expect((await sut.app.inject({ url: '/livez' })).statusCode).toBe(200);
      readiness.shuttingDown = false;

      const noRedis = await unreachableRedis.app.inject({ url: '/readyz' });
      expect(noRedis.statusCode).toBe(503);
      expect(noRedis.json()).toEqual({ ok: false, failed: ['redis'] });
      expect((await unreachableRedis.app.inject({ url: '/livez' })).statusCode).toBe(200);
    } finally {
      readiness.shuttingDown = false;
      await sut.close();
      await unreachableRedis.close();
    }
  });
});

describe('the compiled server (npm run build)', () => {
  let data: Awaited<ReturnType<typeof prepareDataDir>>;
  let samples: Awaited<ReturnType<typeof makeSampleFiles>>;
  const owner = { email: 'owner@ops.test', password: 'Ops-Test-Pass-2026' };
  beforeAll(async () => {
    data = await prepareDataDir({ LOG_LEVEL: 'info', HOST: '127.0.0.1' });
    samples = await makeSampleFiles();
  }, 120_000);
  afterAll(async () => {
    await data.remove();
    fs.rmSync(samples.work, { recursive: true, force: true });
  });

  it('runs on plain node; one upload is followed by its proxy-given id from the request to the transcode', async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startCompiled('server', [], {
      ...data.env,
      // Not production: that needs REDIS_URL (issue 34), which CI has none of.
      NODE_ENV: 'test',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      TRUST_PROXY: 'loopback',
      TRANSCODE_CONCURRENCY: '1',
      OWNER_EMAIL: owner.email,
      OWNER_PASSWORD: owner.password,
    });
    try {
      await waitForHealthy(base, server);
      // No TypeScript loader in the process: plain node on dist/server.js.
      const commandLine = fs.readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
      expect(commandLine.some((arg) => arg.endsWith(path.join('dist', 'server.js')))).toBe(true);
      expect(commandLine.join(' ')).not.toContain('tsx');
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      const before = await scrape(metricsPort);

      const signIn = await fetch(`${base}/admin/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(owner),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!;
      const who = { cookie, csrf: ((await signIn.json()) as { csrf: string }).csrf };

      // The proxy in front (loopback is trusted here) names the request that creates the upload.
      const bytes = fs.readFileSync(samples.clip);
      const traceId = 'proxy-7f3a9c-upload';
      const b64 = (text: string) => Buffer.from(text).toString('base64');
      const created = await fetch(`${base}/admin/api/transcode/uploads`, {
        method: 'POST',
        headers: {
          'tus-resumable': '1.0.0',
          cookie: who.cookie,
          'x-csrf-token': who.csrf,
          'x-request-id': traceId,
          'upload-length': String(bytes.length),
          'upload-metadata': `filename ${b64('traced.mp4')},title ${b64('Traced upload')},type ${b64('short')}`,
        },
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('x-request-id')).toBe(traceId);
      const id = created.headers.get('location')!.split('/').pop()!;
      expect((await sendBytes(base, who, id, 0, bytes)).status).toBe(204);

      const until = Date.now() + 120_000;
      while (!/transcode job done/.test(server.output()) && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 250));
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.includes(traceId))
        .map((line) => JSON.parse(line) as { msg: string; reqId: string });
      expect(lines.map((line) => line.msg)).toEqual(
        expect.arrayContaining([
          'incoming request',
          'request completed',
          'transcode job started',
          'transcode job done',
        ]),
      );
      for (const line of lines) expect(line.reqId).toBe(traceId);

      const after = await scrape(metricsPort);
      expect(
        after.value('transcode_job_duration_seconds_count', { outcome: 'done' }) -
          before.value('transcode_job_duration_seconds_count', { outcome: 'done' }),
      ).toBe(1);
      expect(
        after.value('transcode_jobs', { state: 'done' }) - before.value('transcode_jobs', { state: 'done' }),
      ).toBe(1);
    } finally {
      server.kill('SIGTERM');
      await exitOf(server);
    }
  });
});
