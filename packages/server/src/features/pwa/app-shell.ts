import type { HostList } from '@app/contract';
import { LOCALE_PARAM } from '@app/contract/wire';
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
 * the one api line the host list gives it (plain, not encrypted), the shell also preloads the
 * start-up calls every user of the locale gets alike (app info, ad posters, menus, categories):
 * they are on their way while the page's script downloads, and the app's own requests for them,
 * the same addresses on that line, are answered from the preloads. With more than one line the race
 * decides where the calls go, so the shell stays as built; an encrypted line's replies never leave
 * as plain text. The service worker's copy of the shell (its precache of /index.html) never has them.
 */
export function createAppShell(shell: Buffer | undefined) {
  const variants = new Map<string, Buffer>();
  let hostListOf: ((request: FastifyRequest) => Promise<HostList | undefined>) | undefined;

  function withPreloads(locale: 'cn' | 'tw'): Buffer {
    let page = variants.get(locale);
    if (!page) {
      const html = shell!.toString('utf8');
      const at = html.indexOf('</head>');
      page = Buffer.from(at < 0 ? html : `${html.slice(0, at)}${startCallPreloads(locale)}${html.slice(at)}`);
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
      return ownLineOnly ? withPreloads(shellLocale(request.headers['accept-language'])) : shell;
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
