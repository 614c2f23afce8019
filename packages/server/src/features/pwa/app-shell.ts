import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { HostList, Locale } from '@app/contract';
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
 * The page's early start, for a page whose own origin is the one api line:
 * - the landing address's fast login, sent while the page's scripts download rather than once the
 *   start-up script has arrived and run (0.3–0.4 s later on a phone's line). The app takes this
 *   reply when it has the same launch code and platform and this origin is still its one api line
 *   (app/startup/early-fast-login.ts), and asks again when this one did not come through. The same
 *   conditions as the app's own call: with a stored session or a manual line (the app's settings,
 *   `app.` keys) the code is not used;
 * - then the preloads of the public start-up calls. Added by this script, after the login, not
 *   written in the page: a browser gives a host six connections over HTTP/1.1 and hands them out
 *   in the order requests were made, and the links the page's preload scanner finds are made
 *   before any inline script runs, so the login queued behind six preloads (about 0.3 s).
 * Fixed text per locale, so the CSP allows it by its hash.
 */
export function earlyStartScript(locale: Locale): string {
  const preloads = JSON.stringify(PUBLIC_START_CALLS.map((path) => `${path}?${LOCALE_PARAM}=${locale}`));
  return `<script>(function () {
  try {
    var code = new URLSearchParams(location.search).get('code');
    if (code && !localStorage.getItem('app.token') && !localStorage.getItem('app.manualApiLine')) {
      var standalone = matchMedia('(display-mode: standalone)').matches || navigator.standalone === true;
      var platform = standalone ? 'pwa' : 'web';
      self.earlyFastLogin = {
        code: code,
        platform: platform,
        reply: fetch('/v1/fastlogin?platform=' + platform, { headers: { '${FAST_CODE_HEADER}': code } })
          .then(function (reply) { return reply.json(); })
          .catch(function () { return null; }),
      };
    }
  } catch (error) {}
  ${preloads}.forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.appendChild(link);
  });
})();</script>`;
}

/** The early start of both locales: the inline scripts the CSP allows on the app's page. */
export const EARLY_START_SCRIPTS = [earlyStartScript('cn'), earlyStartScript('tw')];

/** The locale the app will resolve when the user chose none (web app i18n/locale.ts, DECISIONS.md). */
export function shellLocale(acceptLanguage: string | undefined): Locale {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  return first === 'zh-cn' ? 'cn' : 'tw';
}

/**
 * The web app's index.html for its history-mode pages (issue 39). When this page's own origin is
 * the one api line the host list gives it (plain, not encrypted), the shell starts with its early
 * start: the fast login, and preloads of the start-up calls every user of the locale gets alike
 * (app info, ad posters, menus, categories). They are on their way while the page's scripts
 * download, and the app's own requests for them, the same addresses on that line, are answered
 * from the preloads. They stay network requests (not text carried in the page), so everything
 * between the phone and the server sees the calls it always saw. With more than one line the race
 * decides where the calls go, so the shell stays as built; an encrypted line's replies never leave
 * as plain text. The service worker's copy of the shell (its precache of /index.html) has none of it.
 */
export function createAppShell(shell: Buffer | undefined) {
  const variants = new Map<string, Buffer>();
  const encoded = new WeakMap<Buffer, Map<string, Buffer>>();
  let hostListOf: ((request: FastifyRequest) => Promise<HostList | undefined>) | undefined;

  function startingEarly(locale: Locale): Buffer {
    let page = variants.get(locale);
    if (!page) {
      const html = shell!.toString('utf8');
      const at = html.indexOf('<head>');
      page = Buffer.from(
        at < 0 ? html : `${html.slice(0, at + 6)}${earlyStartScript(locale)}${html.slice(at + 6)}`,
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
