import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import helmet from '@fastify/helmet';
import { Status } from '@app/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { fail } from './errors.ts';

/** A NUL (PostgreSQL text cannot hold it) or half of a surrogate pair (no UTF-8 has it). */
const UNSAFE_TEXT = /[\0\p{Cs}]/u;
const MAX_DEPTH = 8;

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
 * - security headers from helmet. The CSP lets the app run as built (its scripts and styles from
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
      if (holdsUnsafeText(request.params) || holdsUnsafeText(request.query) || holdsUnsafeText(request.body))
        fail(Status.invalid);
    });

    // The lines depend on the origin the client used; helmet's directives see the raw request.
    const linesOf = new WeakMap<IncomingMessage, string>();
    app.addHook('onRequest', async (request) => {
      linesOf.set(request.raw, lineOrigins(request).join(' ') || "'self'");
    });
    const lines = (request: IncomingMessage) => linesOf.get(request) ?? "'self'";
    const https = config.publicUrl?.startsWith('https:') === true;

    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...ownPages.flatMap(inlineScriptHashes)],
          scriptSrcAttr: ["'none'"],
          // The boot screen's inline <style> and the components' style attributes.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', lines],
          mediaSrc: ["'self'", 'blob:', lines],
          // blob: for the playlists of downloaded videos, played offline; data: for the key and first
          // segment video info carries inline (the player's early start).
          connectSrc: ["'self'", 'blob:', 'data:', lines],
          workerSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      // Lines are other ports of the same site; a player reading a playlist from one must not be refused.
      crossOriginResourcePolicy: { policy: 'same-site' },
    });
  });
