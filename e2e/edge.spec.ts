import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEdge, type Edge } from '../packages/server/src/test/nginx-edge.ts';
import { startS3Server, type S3Server } from '../packages/server/src/test/s3-server.ts';
import { buildServer, COMPILED_NODE_ARGS, COMPILED_SERVER } from '../packages/server/src/test/run-process.ts';
import { launchChromium, phoneContext } from './browser.ts';
import { demoVideos, type DemoVideo } from './demo-videos.ts';
import { open, settle, shot } from './phone.ts';

/**
 * Issue 33 items 6 and 7: a server on the bucket (MEDIA_STORE=s3, the test S3 server) with
 * MEDIA_BASE_URL naming two nginx edges (deploy/nginx, the shipped files) as its image and stream
 * lines: the first in front of the bucket, the second in front of the Node origin. A phone with
 * the service worker on plays through them, and keeps playing when the edge it uses is killed.
 */
const SERVER_PORT = 42100;
const EDGE_PORTS = [42101, 42102];
const PURGE_KEY = 'e2e-edge-purge-key';
const root = path.resolve(import.meta.dirname, '..');
const serverUrl = `http://127.0.0.1:${SERVER_PORT}`;

let server: ChildProcess;
let s3: S3Server;
let dataDir: string;
let edges: Edge[] = [];
let browser: Browser;
let longVideo: DemoVideo;
let vipToken: string;

async function post<T>(pathname: string, form: Record<string, string>, token?: string) {
  const body = new URLSearchParams(form);
  if (token) body.set('token', token);
  const reply = await fetch(`${serverUrl}${pathname}`, { method: 'POST', body });
  return (await reply.json()) as { status: { code: number }; response: T };
}

/** A bound account (binding gives a day of VIP), made through this server's API and dev outbox. */
async function vipAccount(): Promise<string> {
  const email = `edge.${Date.now().toString(36)}@example.com`;
  const guest = await post<{ token: string }>('/v1/register/guest', {});
  await post('/v1/register/verify', { email }, guest.response.token);
  let code = '';
  while (!code) {
    const reply = await fetch(`${serverUrl}/dev/outbox.json?to=${encodeURIComponent(email)}`);
    code = ((await reply.json()) as { response: { messages: { code: string | null }[] } }).response
      .messages[0]?.code as string;
    if (!code) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const bound = await post<{ token: string }>(
    '/v1/register/binding',
    { email, code, password: 'secret123' },
    guest.response.token,
  );
  expect(bound.status.code).toBe(201);
  return bound.response.token;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-e2e-edge-'));
  s3 = await startS3Server();
  buildServer();
  server = spawn(process.execPath, [...COMPILED_NODE_ARGS, COMPILED_SERVER], {
    cwd: root,
    env: {
      ...process.env,
      ...s3.env,
      PORT: String(SERVER_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      MEDIA_BASE_URL: EDGE_PORTS.map((port) => `http://127.0.0.1:${port}`).join(','),
      EDGE_PURGE_KEY: PURGE_KEY,
      RATE_LIMIT_LAUNCH: '100000/1m',
      RATE_LIMIT_GUEST: '100000/1m',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  while (
    !(await fetch(`${serverUrl}/healthz`).then(
      (reply) => reply.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const origins = [
    { mediaOrigin: new URL(s3.endpoint).host, mediaPath: `/${s3.bucket}/` },
    { mediaOrigin: `127.0.0.1:${SERVER_PORT}`, mediaPath: '/' },
  ];
  for (const [index, port] of EDGE_PORTS.entries())
    edges.push(
      await startEdge({
        port,
        apiOrigin: `127.0.0.1:${SERVER_PORT}`,
        ...origins[index]!,
        appOrigin: serverUrl,
        purgeKey: PURGE_KEY,
      }),
    );
  browser = await launchChromium();
  longVideo = (await demoVideos()).find((video) => video.type === 'long')!;
  vipToken = await vipAccount();
});

afterAll(async () => {
  await browser?.close();
  for (const edge of edges) await edge.stop();
  edges = [];
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  await s3?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A VIP phone with the service worker on, on the play page of the first long video. */
async function playingPhone(locale: string) {
  const context = await phoneContext(browser, { locale });
  await context.addInitScript((stored) => {
    if (!localStorage.getItem('app.token')) localStorage.setItem('app.token', JSON.stringify(stored));
  }, vipToken);
  const page = await context.newPage();
  const segments: string[] = [];
  page.on('request', (request) => {
    const match = /^http:\/\/127\.0\.0\.1:(\d+)\/hls\/[^?]+\.ts/.exec(request.url());
    if (match) segments.push(match[1]!);
  });
  await page.goto(`${serverUrl}/long`);
  await page.locator('.app-tab-bar').waitFor();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await settle(page);
  await open(page, `/long/play/${longVideo.avkey}`);
  await page.getByTestId('player').waitFor();
  return { context, page, segments };
}

async function playsPast(page: Page, seconds: number, timeout = 15_000) {
  await page.waitForFunction(
    (limit) => {
      const element = document.querySelector<HTMLVideoElement>('video.player__video');
      return Boolean(element && !element.paused && element.currentTime > limit);
    },
    seconds,
    { timeout },
  );
}

describe('media through nginx edges', () => {
  for (const locale of ['zh-CN', 'zh-TW'])
    it(`a video plays through the edge with the service worker on (${locale})`, async () => {
      const { context, page, segments } = await playingPhone(locale);
      await playsPast(page, 1.5);
      // Segments came from an edge, never from the Node origin.
      expect(segments.length).toBeGreaterThan(0);
      expect(segments.every((port) => EDGE_PORTS.includes(Number(port)))).toBe(true);
      await shot(page, `edge-playing-${locale}`);
      await context.close();
    });

  it('an edge killed mid-play: playback goes on from the other edge', async () => {
    const { context, page, segments } = await playingPhone('zh-CN');
    await playsPast(page, 0.5);
    const firstPort = Number(segments[0]);
    const killed = edges.find((edge) => new URL(edge.url).port === String(firstPort))!;
    await killed.stop();
    edges = edges.filter((edge) => edge !== killed);
    // Past what is buffered, so the next segments must come from somewhere.
    await page
      .locator('video.player__video')
      .evaluate((element: HTMLVideoElement) => (element.currentTime = 17));
    await playsPast(page, 17.5, 5000);
    expect(segments.some((port) => Number(port) !== firstPort)).toBe(true);
    await context.close();
  });
});

/**
 * Issue 39: this suite's server has one api line, its own origin, as a default deployment has, so
 * its page starts with the early fast login and preloads the public start-up calls (the other
 * browser suites run a server with three lines, whose page stays as built).
 */
describe('a first start on a server whose only api line is its own origin', () => {
  for (const [locale, longTab] of [
    ['zh-CN', '长视频'],
    ['zh-TW', '長影片'],
  ] as const)
    it(`logs in once from the landing code, sent by the page itself, with no CSP violation; the next start comes from the service worker (${locale})`, async () => {
      const code = (await post<{ code: string }>('/v1/launch', {})).response.code;
      const context = await phoneContext(browser, { locale });
      const page = await context.newPage();
      const logins: string[] = [];
      const violations: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/v1/fastlogin') logins.push(request.url());
      });
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto(`${serverUrl}/long?code=${code}`);
      await page.waitForURL(/\/long$/);
      await page.locator('.app-tab-bar').getByText(longTab).waitFor();
      await page.locator('img[src^="blob:"]').first().waitFor();
      expect(logins).toEqual([`${serverUrl}/v1/fastlogin?platform=web`]);
      // The page's own script sent it (and start-up took its reply), not the start-up script.
      expect(await page.evaluate(() => 'earlyFastLogin' in self)).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('app.token'))).toMatch(/^"[A-Za-z0-9_-]{43}"$/);

      // The service worker's copy of the page has no early call: the stored session starts it.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await page.reload();
      await page.locator('.app-tab-bar').getByText(longTab).waitFor();
      await page.locator('img[src^="blob:"]').first().waitFor();
      expect(await page.evaluate(() => 'earlyFastLogin' in self)).toBe(false);
      expect(logins).toHaveLength(1);
      expect(violations).toEqual([]);
      await shot(page, `early-login-${locale}`);
      await context.close();
    });
});
