import type { FastifyRequest } from 'fastify';

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
