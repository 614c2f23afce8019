import { Status } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { fail } from './errors.ts';

/** What a Host header may hold: a DNS name, an IPv4 or a bracketed IPv6 address, and a port. */
const HOST =
  /^(?:\[[0-9a-f:.]{2,45}\]|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::[0-9]{1,5})?$/i;

/** `http://host:port` when both parts are well formed, else undefined. */
export function webOriginOf(protocol: string | undefined, host: string | undefined): string | undefined {
  if ((protocol !== 'http' && protocol !== 'https') || !host || host.length > 260 || !HOST.test(host))
    return undefined;
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    // A port above 65535 or a bracketed text that is no IPv6 address.
    return undefined;
  }
}

/**
 * The origin this server is reached on, for addresses it writes (host list, app info, gateway
 * links): PUBLIC_URL when set; otherwise the request's scheme and host, which honour X-Forwarded-*
 * only from the proxies TRUST_PROXY names. A scheme or host that is not well formed is bad input.
 */
export function requestOrigin(config: Config, request: FastifyRequest): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  return webOriginOf(request.protocol, request.host) ?? fail(Status.invalid, 'invalid_host');
}

/** The same, or undefined instead of a refusal (for headers on replies that go out anyway). */
export function requestOriginOrNone(config: Config, request: FastifyRequest): string | undefined {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  return webOriginOf(request.protocol, request.host);
}
