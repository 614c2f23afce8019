import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context.ts';
import type { LinesService } from '../lines/lines.service.ts';
import zlib from 'node:zlib';
import { inlineScriptHashes } from '../../platform/security.ts';
import { createAppShell, EARLY_FAST_LOGIN_SCRIPT } from './app-shell.ts';

const BUILT =
  '<!doctype html><html><head><meta charset="utf-8" /><title>StreamApp</title></head><body></body></html>';

/** The shell a phone on http://phone.test:8080 gets, with the api lines the host list names. */
async function shellWith(apiLines: { url: string; encrypt?: boolean }[], acceptLanguage = 'zh-CN,zh;q=0.9') {
  const shell = createAppShell(Buffer.from(BUILT));
  const ctx = {
    config: { publicUrl: undefined },
    cache: {
      getOrMake: async (_topic: string, _key: string, make: () => Promise<unknown>) =>
        JSON.stringify(await make()),
    },
  } as unknown as AppContext;
  const lines = {
    hostList: async () => ({ api_pwa: apiLines, img_pwa: [], stream_pwa: [] }),
  } as unknown as LinesService;
  shell.useLines(ctx, lines);
  const request = {
    protocol: 'http',
    host: 'phone.test:8080',
    headers: { 'accept-language': acceptLanguage },
  } as unknown as FastifyRequest;
  return (await shell.pageFor(request))!.toString('utf8');
}

/** What the early fast login script does in a page at `search`, with `stored` app settings. */
function runEarlyLogin(search: string, stored: Record<string, string> = {}, standalone = false) {
  const sent: { url: string; headers: Record<string, string> }[] = [];
  const self: { earlyFastLogin?: { code: string; platform: string; reply: Promise<unknown> } } = {};
  const script = EARLY_FAST_LOGIN_SCRIPT.replace(/^<script>|<\/script>$/g, '');
  new Function('location', 'localStorage', 'matchMedia', 'navigator', 'fetch', 'self', script)(
    { search },
    { getItem: (key: string) => stored[key] ?? null },
    () => ({ matches: standalone }),
    {},
    (url: string, init: { headers: Record<string, string> }) => {
      sent.push({ url, headers: init.headers });
      return Promise.resolve({ json: async () => ({ status: { code: 200 }, response: { token: 't' } }) });
    },
    self,
  );
  return { sent, early: self.earlyFastLogin };
}

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)">/g)].map(
    (match) => match[1],
  );

describe('the app shell a history-mode page gets (issue 39)', () => {
  it("preloads the public start-up calls, at the app's own addresses, when this origin is the only plain api line", async () => {
    const html = await shellWith([{ url: 'http://phone.test:8080', encrypt: false }]);
    expect(preloads(html)).toEqual([
      '/v1/appinfo?locale=cn',
      '/v1/ad/poster?locale=cn',
      '/v1/menu/type?locale=cn',
      '/v2/category/long?locale=cn',
      '/v2/category/short?locale=cn',
      '/v2/category/original?locale=cn',
    ]);
    expect(html.indexOf('<link rel="preload"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('starts with the early fast login, which the CSP allows by its hash', async () => {
    const html = await shellWith([{ url: 'http://phone.test:8080' }]);
    expect(html.indexOf(EARLY_FAST_LOGIN_SCRIPT)).toBe(html.indexOf('<head>') + '<head>'.length);
    expect(inlineScriptHashes(html)).toEqual(inlineScriptHashes(EARLY_FAST_LOGIN_SCRIPT));
    expect(inlineScriptHashes(EARLY_FAST_LOGIN_SCRIPT)).toHaveLength(1);
  });

  it('asks in the locale the app resolves from the browser language (zh-CN simplified, anything else traditional)', async () => {
    const html = await shellWith([{ url: 'http://phone.test:8080' }], 'zh-TW,zh;q=0.8');
    expect(preloads(html)[0]).toBe('/v1/appinfo?locale=tw');
  });

  it('stays as built when the race decides (several lines), the line is encrypted, or it is another origin', async () => {
    for (const lines of [
      [{ url: 'http://phone.test:8080' }, { url: 'http://phone.test:8081' }],
      [{ url: 'http://phone.test:8080', encrypt: true }],
      [{ url: 'https://api.elsewhere.test' }],
      [],
    ])
      expect(await shellWith(lines)).toBe(BUILT);
  });
});

describe('the early fast login of the app shell (issue 39)', () => {
  it("sends the landing address's code in its header, for the platform the app will name", async () => {
    const { sent, early } = runEarlyLogin('?code=abc-123&utm_source=x');
    expect(sent).toEqual([{ url: '/v1/fastlogin?platform=web', headers: { 'x-fast-code': 'abc-123' } }]);
    expect(early).toMatchObject({ code: 'abc-123', platform: 'web' });
    expect(await early!.reply).toEqual({ status: { code: 200 }, response: { token: 't' } });
    expect(runEarlyLogin('?code=abc', {}, true).sent[0]!.url).toBe('/v1/fastlogin?platform=pwa');
  });

  it('sends nothing without a code, with a stored session, or with a manual line', () => {
    expect(runEarlyLogin('').sent).toEqual([]);
    expect(runEarlyLogin('?code=abc', { 'app.token': '"tok"' }).sent).toEqual([]);
    expect(runEarlyLogin('?code=abc', { 'app.manualApiLine': '"http://x.test"' }).sent).toEqual([]);
  });
});

describe('the app shell on the wire', () => {
  it('goes out brotli- or gzip-compressed as the browser accepts, and plain otherwise', () => {
    const shell = createAppShell(Buffer.from(BUILT));
    const page = Buffer.from(BUILT.repeat(20));
    const br = shell.encode(page, 'gzip, deflate, br, zstd');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).equals(page)).toBe(true);
    const gzip = shell.encode(page, 'gzip;q=1, br;q=0');
    expect(gzip.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(page)).toBe(true);
    expect(shell.encode(page, undefined)).toEqual({ body: page });
    expect(shell.encode(page, 'identity')).toEqual({ body: page });
  });
});
