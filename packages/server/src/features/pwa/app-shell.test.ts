import zlib from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context.ts';
import { inlineScriptHashes } from '../../platform/security.ts';
import type { LinesService } from '../lines/lines.service.ts';
import { createAppShell, EARLY_START_SCRIPTS } from './app-shell.ts';

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

/**
 * Runs the inline scripts of `html` as a page at `search` would, with `stored` app settings: what
 * they fetch, the links they add to the head and the early fast login they leave for the app.
 */
function runPage(html: string, search: string, stored: Record<string, string> = {}, standalone = false) {
  const fetched: { url: string; headers: Record<string, string> }[] = [];
  const links: Record<string, string>[] = [];
  const self: { earlyFastLogin?: { code: string; platform: string; reply: Promise<unknown> } } = {};
  const document = {
    createElement: () => ({}),
    head: { appendChild: (link: Record<string, string>) => links.push({ ...link }) },
  };
  for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g))
    new Function('location', 'localStorage', 'matchMedia', 'navigator', 'fetch', 'self', 'document', script!)(
      { search },
      { getItem: (key: string) => stored[key] ?? null },
      () => ({ matches: standalone }),
      {},
      (url: string, init: { headers: Record<string, string> }) => {
        fetched.push({ url, headers: init.headers });
        return Promise.resolve({ json: async () => ({ status: { code: 200 }, response: { token: 't' } }) });
      },
      self,
      document,
    );
  return { fetched, links, early: self.earlyFastLogin };
}

const PRELOADED = (locale: string) =>
  [
    '/v1/appinfo',
    '/v1/ad/poster',
    '/v1/menu/type',
    '/v2/category/long',
    '/v2/category/short',
    '/v2/category/original',
  ].map((path) => ({
    rel: 'preload',
    as: 'fetch',
    crossOrigin: 'anonymous',
    href: `${path}?locale=${locale}`,
  }));

describe('the app shell a history-mode page gets (issue 39)', () => {
  it("preloads the public start-up calls, at the app's own addresses, when this origin is the only plain api line", async () => {
    const html = await shellWith([{ url: 'http://phone.test:8080', encrypt: false }]);
    expect(runPage(html, '').links).toEqual(PRELOADED('cn'));
    // First in the page: its requests are made before those of the page's own links.
    expect(html.indexOf('<script>')).toBe(html.indexOf('<head>') + '<head>'.length);
  });

  it('asks in the locale the app resolves from the browser language (zh-CN simplified, anything else traditional)', async () => {
    const html = await shellWith([{ url: 'http://phone.test:8080' }], 'zh-TW,zh;q=0.8');
    expect(runPage(html, '').links).toEqual(PRELOADED('tw'));
  });

  it('runs under the CSP: its script is one the policy allows by hash', async () => {
    for (const language of ['zh-CN', 'zh-TW']) {
      const hashes = inlineScriptHashes(await shellWith([{ url: 'http://phone.test:8080' }], language));
      expect(hashes).toHaveLength(1);
      expect(EARLY_START_SCRIPTS.flatMap(inlineScriptHashes)).toContain(hashes[0]);
    }
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
  it("sends the landing address's code in its header, before the preloads, for the platform the app will name", async () => {
    const html = await shellWith([{ url: 'http://phone.test:8080' }]);
    const { fetched, early } = runPage(html, '?code=abc-123&utm_source=x');
    expect(fetched).toEqual([{ url: '/v1/fastlogin?platform=web', headers: { 'x-fast-code': 'abc-123' } }]);
    expect(early).toMatchObject({ code: 'abc-123', platform: 'web' });
    expect(await early!.reply).toEqual({ status: { code: 200 }, response: { token: 't' } });
    expect(runPage(html, '?code=abc', {}, true).fetched[0]!.url).toBe('/v1/fastlogin?platform=pwa');
  });

  it('sends nothing without a code, with a stored session, or with a manual line; the preloads go all the same', async () => {
    const html = await shellWith([{ url: 'http://phone.test:8080' }]);
    for (const [search, stored] of [
      ['', {}],
      ['?code=abc', { 'app.token': '"tok"' }],
      ['?code=abc', { 'app.manualApiLine': '"http://x.test"' }],
    ] as const) {
      const page = runPage(html, search, stored);
      expect(page.fetched).toEqual([]);
      expect(page.early).toBeUndefined();
      expect(page.links).toEqual(PRELOADED('cn'));
    }
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
