import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { HostList } from '@app/contract';
import { FAST_CODE_HEADER, LOCALE_PARAM } from '@app/contract/wire';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { requestOriginOrNone, webOriginOf } from '../../platform/origin.ts';
import type { LinesService } from '../lines/lines.service.ts';

/**
 * The start-up calls that need no token, as the app sends them (app/startup/startup.ts): the same
 * reply for every user of a locale, so the page can ask for them before its script has run.
 */
const PUBLIC_START_CALLS = [
  '/v1/appinfo',
  '/v1/ad/poster',
  '/v1/menu/type',
  '/v2/category/long',
  '/v2/category/short',
  '/v2/category/original',
];

/**
 * Sends the landing address's fast login while the page's scripts download, not once the start-up
 * script has arrived and run (0.3–0.4 s later on a phone's line). The app takes this reply when it
 * has the same launch code and platform and this origin is its one api line
 * (app/startup/early-fast-login.ts); it asks again when this one did not come through. The same
 * conditions as the app's own call: with a stored session or a manual line (the app's settings,
 * `app.` keys) the code is not used. Fixed text, so the CSP allows it by its hash.
 */
export const EARLY_FAST_LOGIN_SCRIPT = `<script>(function () {
  try {
    var code = new URLSearchParams(location.search).get('code');
    if (!code || localStorage.getItem('app.token') || localStorage.getItem('app.manualApiLine')) return;
    var standalone = matchMedia('(display-mode: standalone)').matches || navigator.standalone === true;
    var platform = standalone ? 'pwa' : 'web';
    self.earlyFastLogin = {
      code: code,
      platform: platform,
      reply: fetch('/v1/fastlogin?platform=' + platform, { headers: { '${FAST_CODE_HEADER}': code } })
        .then(function (reply) { return reply.json(); })
        .catch(function () { return null; }),
    };
  } catch (error) {}
})();</script>`;

/** The locale the app will resolve when the user chose none (web app i18n/locale.ts, DECISIONS.md). */
export function shellLocale(acceptLanguage: string | undefined): 'cn' | 'tw' {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  return first === 'zh-cn' ? 'cn' : 'tw';
}

/** The `<link rel="preload">` lines for the public start-up calls of `locale`, on the page's own origin. */
export function startCallPreloads(locale: 'cn' | 'tw'): string {
  return PUBLIC_START_CALLS.map(
    (path) =>
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${path}?${LOCALE_PARAM}=${locale}">`,
  ).join('');
}

/**
 * The web app's index.html for its history-mode pages (issue 39). When this page's own origin is
 * the one api line the host list gives it (plain, not encrypted), the shell starts with the early
 * fast login and preloads the start-up calls every user of the locale gets alike (app info, ad
 * posters, menus, categories): they are on their way while the page's script downloads, and the
 * app's own requests for them, the same addresses on that line, are answered from the preloads.
 * They stay network requests (not text carried in the page), so everything between the phone and
 * the server sees the calls it always saw. With more than one line the race decides where the
 * calls go, so the shell stays as built; an encrypted line's replies never leave as plain text. The
 * service worker's copy of the shell (its precache of /index.html) never has them.
 */
export function createAppShell(shell: Buffer | undefined) {
  const variants = new Map<string, Buffer>();
  const encoded = new WeakMap<Buffer, Map<string, Buffer>>();
  let hostListOf: ((request: FastifyRequest) => Promise<HostList | undefined>) | undefined;

  function startingEarly(locale: 'cn' | 'tw'): Buffer {
    let page = variants.get(locale);
    if (!page) {
      const html = shell!.toString('utf8');
      const head = html.indexOf('<head>') + '<head>'.length;
      const end = html.indexOf('</head>');
      page = Buffer.from(
        head < '<head>'.length || end < head
          ? html
          : `${html.slice(0, head)}${EARLY_FAST_LOGIN_SCRIPT}${html.slice(head, end)}${startCallPreloads(locale)}${html.slice(end)}`,
      );
      variants.set(locale, page);
    }
    return page;
  }

  return {
    built: shell,
    /** Once the lines exist: the host list a request's origin is given (as /host_pwa.txt serves it). */
    useLines(ctx: AppContext, lines: LinesService) {
      hostListOf = async (request) => {
        const origin = requestOriginOrNone(ctx.config, request);
        if (origin === undefined) return undefined;
        const text = await ctx.cache.getOrMake('lines', origin, () => lines.hostList(request));
        return JSON.parse(text) as HostList;
      };
    },
    async pageFor(request: FastifyRequest): Promise<Buffer | undefined> {
      if (!shell || !hostListOf) return shell;
      const hostList = await hostListOf(request).catch(() => undefined);
      // The page's own origin as the browser sees it (forwarded scheme and host behind a trusted proxy).
      const origin = webOriginOf(request.protocol, request.host);
      const api = hostList?.api_pwa ?? [];
      const ownLineOnly =
        api.length === 1 && !api[0]!.encrypt && origin !== undefined && sameOrigin(api[0]!.url, origin);
      return ownLineOnly ? startingEarly(shellLocale(request.headers['accept-language'])) : shell;
    },
    /**
     * The page compressed as the browser accepts (brotli, else gzip), as the build compresses its
     * other files: the page comes before every other byte of start-up. Each page is compressed once.
     */
    encode(page: Buffer, acceptEncoding: string | undefined): { encoding?: string; body: Buffer } {
      const encoding = acceptEncoding ? negotiate(acceptEncoding, ['br', 'gzip']) : null;
      if (!encoding) return { body: page };
      let forms = encoded.get(page);
      if (!forms) encoded.set(page, (forms = new Map()));
      let body = forms.get(encoding);
      if (!body) {
        body = encoding === 'br' ? zlib.brotliCompressSync(page) : zlib.gzipSync(page, { level: 9 });
        forms.set(encoding, body);
      }
      return { encoding, body };
    },
  };
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
}

export type AppShell = ReturnType<typeof createAppShell>;
