import crypto from 'node:crypto';
import type http from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.ts';

export const REQUEST_ID_HEADER = 'x-request-id';
/** What a proxy's id may look like: a UUID, nginx's `$request_id` (hex), a trace id; nothing longer. */
const KEPT_ID = /^[\w.:@+=/-]{1,128}$/;
const ids = new WeakMap<http.IncomingMessage, string>();

/**
 * Gives every request its id (issue 35): the one a trusted proxy sent in `x-request-id` (the
 * nearest peer must be one TRUST_PROXY names), else a new UUID. The reply carries it, before the
 * router too (images and segments answered from memory), and the framework takes it as the
 * request's id, so every log line of the request and every job it enqueues carries it.
 */
export function requestIds(trustProxy: Config['trustProxy']) {
  const trusted =
    trustProxy === false
      ? undefined
      : typeof trustProxy === 'function'
        ? trustProxy
        : proxyAddr.compile(trustProxy);
  return {
    /** Called first for every request, before anything else answers it. */
    assign(request: http.IncomingMessage, response: http.ServerResponse): void {
      const sent = request.headers[REQUEST_ID_HEADER];
      const id =
        typeof sent === 'string' &&
        trusted !== undefined &&
        trusted(request.socket.remoteAddress ?? '', 0) &&
        KEPT_ID.test(sent)
          ? sent
          : crypto.randomUUID();
      ids.set(request, id);
      response.setHeader(REQUEST_ID_HEADER, id);
    },
  };
}

/** The id `requestIds().assign` gave this request (a new one for a request it never saw: tests' inject). */
export function requestIdOf(request: http.IncomingMessage): string {
  let id = ids.get(request);
  if (id === undefined) {
    id = crypto.randomUUID();
    ids.set(request, id);
  }
  return id;
}
