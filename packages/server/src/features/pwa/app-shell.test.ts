import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../platform/context.ts';
import type { LinesService } from '../lines/lines.service.ts';
import { createAppShell } from './app-shell.ts';

const BUILT = '<!doctype html><html><head><title>StreamApp</title></head><body></body></html>';

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
