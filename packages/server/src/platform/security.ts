import crypto from 'node:crypto';
import { Status } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { fail } from './errors.ts';

/** A NUL (PostgreSQL text cannot hold it) or half of a surrogate pair (no UTF-8 has it). */
const UNSAFE_TEXT = /[\0\p{Cs}]/u;
const MAX_DEPTH = 8;
/**
 * The console's phone-preview page (packages/admin/phone-preview.html) is drawn inside the
 * console's own pages: it alone may be framed, and by this origin only. Every other document
 * refuses framing.
 */
const SAME_ORIGIN_FRAMES = new Set(['/admin/phone-preview.html']);

/** True when a parsed parameter, query or body holds text no field of this product may hold. */
export function holdsUnsafeText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSAFE_TEXT.test(value);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value))
    return false;
  if (Array.isArray(value)) return value.some((item) => holdsUnsafeText(item, depth + 1));
  return Object.entries(value).some(
    ([name, item]) => UNSAFE_TEXT.test(name) || holdsUnsafeText(item, depth + 1),
  );
}

/** `'sha256-…'` for every inline script of a page this server renders itself (no user text in it). */
export function inlineScriptHashes(page: string): string[] {
  return [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script]) => `'sha256-${crypto.createHash('sha256').update(script!).digest('base64')}'`,
  );
}

/**
 * Hardening every reply shares:
 * - text with a NUL or broken UTF-16 in any parameter, query or body field is bad input (401),
 *   before a schema or the database sees it;
 * - security headers from helmet, and a CSP on documents and the service worker's script. It lets the app run as built (its scripts and styles from
 *   this origin, hls.js feeding the video from blob: media, decrypted covers as blob: images, the
 *   service worker) and talk to every line of the host list, which are other origins (ports) of
 *   this server; only the inline scripts of the server's own pages, by hash, run inline. HSTS only
 *   when PUBLIC_URL is https (a plain-HTTP LAN address must keep working).
 */
export const securityPlugin = (
  config: Config,
  lineOrigins: (request: FastifyRequest) => string[],
  ownPages: string[],
) =>
  fp(async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      // Only a percent-escape (address) or a parsed body can carry such text: the HTTP parser
      // refuses raw NUL bytes, and the query parser makes no surrogate half of valid escapes.
      if (request.body === undefined && !request.url.includes('%')) return;
      if (holdsUnsafeText(request.params) || holdsUnsafeText(request.query) || holdsUnsafeText(request.body))
        fail(Status.invalid);
    });

    const headers = securityHeaders(config.publicUrl?.startsWith('https:') === true);
    const scriptSrc = ["'self'", ...ownPages.flatMap(inlineScriptHashes)].join(' ');
    // The policy only governs documents and the service worker's script, so only they carry it: the
    // API's JSON, images and segments are spared building a long header on every reply. Each set of
    // lines gives one policy string, made once.
    const policies = new Map<string, string>();
    const policyFor = (lines: string, framed: boolean): string => {
      if (framed) return policyFor(lines, false).replace("frame-ancestors 'none'", "frame-ancestors 'self'");
      let policy = policies.get(lines);
      if (policy === undefined) {
        policy = [
          "default-src 'self'",
          `script-src ${scriptSrc}`,
          "script-src-attr 'none'",
          "style-src 'self' 'unsafe-inline'",
          `img-src 'self' data: blob: ${lines}`,
          `media-src 'self' blob: ${lines}`,
          `connect-src 'self' blob: data: ${lines}`,
          "worker-src 'self' blob:",
          "font-src 'self' data:",
          "manifest-src 'self'",
          "object-src 'none'",
          "base-uri 'self'",
          "form-action 'self'",
          "frame-ancestors 'none'",
        ].join(';');
        if (policies.size < 100) policies.set(lines, policy);
      }
      return policy;
    };
    app.addHook('onSend', async (request, reply, payload) => {
      const type = reply.getHeader('content-type');
      // A page that a script fetched (Sec-Fetch-Dest: empty) and that no cache may keep (no-store)
      // is never shown, now or later, so the document's 0.7 KB policy does nothing on it: the line
      // race's /speed.html gets the JSON replies' headers, three times per start.
      const neverShown =
        request.headers['sec-fetch-dest'] === 'empty' && reply.getHeader('cache-control') === 'no-store';
      const document =
        !neverShown &&
        ((typeof type === 'string' && type.startsWith('text/html')) || request.url.startsWith('/sw.js'));
      const media = request.url.startsWith('/hls/') || request.url.startsWith('/img/');
      reply.headers(document ? headers.document : media ? headers.media : headers.other);
      const framed = document && SAME_ORIGIN_FRAMES.has(request.url.split('?')[0]!);
      if (framed) reply.header('x-frame-options', 'SAMEORIGIN');
      if (document && !reply.hasHeader('content-security-policy'))
        reply.header(
          'content-security-policy',
          policyFor(lineOrigins(request).join(' ') || "'self'", framed),
        );
      return payload;
    });
  });

/**
 * Helmet's headers, worked out once: its per-request middleware rebuilt them for every reply (a
 * tenth of a cached endpoint's time). Documents get the whole set (the CSP is added per set of
 * lines); other replies (JSON) the ones a browser reads on them: no sniffing, no framing, no
 * referrer, the resource policy, and HSTS when PUBLIC_URL is https; media files the first and last two.
 */
export function securityHeaders(https: boolean) {
  const options: HelmetOptions = {
    contentSecurityPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: { policy: 'same-site' },
    // No COOP on documents: a page with it opened from another page (an ad's link, Lighthouse,
    // any tab that was on another site) must move to a new browsing context group, a process swap
    // that cost every such cold start about 50 ms before its first paint and 80 ms before its
    // banner (issue 25). What it guards is covered otherwise: every window the app opens has no
    // opener (noopener, or opener set to null), and framing is refused (frame-ancestors, XFO).
    crossOriginOpenerPolicy: false,
  };
  const document: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (document[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete document[name.toLowerCase()],
  };
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    response as unknown as Parameters<ReturnType<typeof helmet>>[1],
    () => undefined,
  );
  const kept = [
    'x-content-type-options',
    'x-frame-options',
    'referrer-policy',
    'cross-origin-resource-policy',
    'strict-transport-security',
  ];
  const other = Object.fromEntries(Object.entries(document).filter(([name]) => kept.includes(name)));
  // Segments and encrypted images are read by fetch, never shown as a page: framing and referrer
  // policies do nothing on them, and every byte counts on the busiest replies the server sends.
  const forMedia = ['x-content-type-options', 'cross-origin-resource-policy', 'strict-transport-security'];
  const media = Object.fromEntries(Object.entries(other).filter(([name]) => forMedia.includes(name)));
  return { document, other, media };
}
