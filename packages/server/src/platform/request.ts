import type { FastifyRequest } from 'fastify';
import { LOCALE_PARAM, type Locale } from '@app/contract';

/** The token travels as the `token` query parameter, or in a form or JSON body (DECISIONS). */
export function tokenOf(request: FastifyRequest): string | undefined {
  const fromQuery = (request.query as Record<string, unknown> | undefined)?.token;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  const body = request.body;
  if (body && typeof body === 'object' && 'token' in body) {
    const fromBody = (body as Record<string, unknown>).token;
    if (typeof fromBody === 'string' && fromBody) return fromBody;
  }
  return undefined;
}

export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The caller's language: the `locale` query parameter every app call carries (contract wire). */
export function localeOf(request: FastifyRequest): Locale {
  const query = request.url.indexOf('?');
  if (query < 0) return 'cn';
  const value = new URLSearchParams(request.url.slice(query + 1)).get(LOCALE_PARAM);
  return value === 'tw' ? 'tw' : 'cn';
}
