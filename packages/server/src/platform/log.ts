import { FAST_CODE_HEADER } from '@app/contract';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config.ts';

/**
 * Query parameters that carry something secret: the session token, launch and verification codes,
 * the stream signature, the payment signature, passwords and keys. Matched by name so that a new
 * parameter named like one of them is covered too.
 */
const SECRET_PARAMETER = /token|code|sig|pass|pwd|secret|key|auth/i;
/** Headers that carry something secret, wherever a log line includes headers. */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'proxy-authorization', FAST_CODE_HEADER];
export const REDACTED = '[redacted]';

/** The path and query of a request, with the value of every secret parameter replaced. */
export function redactedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const parts = url
    .slice(query + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals < 0) return part;
      let name = part.slice(0, equals);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A broken escape in the name: judge it as written.
      }
      return SECRET_PARAMETER.test(name) ? `${part.slice(0, equals)}=${REDACTED}` : part;
    });
  return `${url.slice(0, query)}?${parts.join('&')}`;
}

/**
 * Structured JSON logs in which every request line is safe to keep: the URL's secret parameters
 * are replaced by the request serializer, and secret headers are redacted by pino wherever a line
 * carries request headers. In development (LOG_FORMAT=pretty) the same lines are printed for a
 * person to read, in this process (no worker thread), in colour on a terminal.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const headerPaths = SECRET_HEADERS.flatMap((name) => [`req.headers["${name}"]`, `headers["${name}"]`]);
  return {
    level: config.logLevel,
    ...(config.logFormat === 'pretty' && { stream: prettyStream() }),
    redact: { paths: headerPaths, censor: REDACTED },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}

/** pino-pretty as a synchronous stream: lines keep their order with the progress bar's output. */
export function prettyStream() {
  return pretty({
    colorize: process.stdout.isTTY === true,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    // A request's lines as one line each: what, where, how it ended, and the id to search for.
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat:
      '{msg}{if req} {req.method} {req.url}{end}{if res} → {res.statusCode}{end}{if reqId} ({reqId}){end}',
  });
}
