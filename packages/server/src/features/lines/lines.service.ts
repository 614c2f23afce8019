import type { HostList } from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { requestOrigin, requestOriginOrNone } from '../../platform/origin.ts';
import { readSetting } from '../../platform/settings.ts';

/** The ports this process actually listens on: the main port first, then the extra lines. */
export interface ListeningPorts {
  ports: number[];
}

export const IMAGE_CHAIN = 'main';

export interface Messengers {
  potato: string;
  telegream: string;
  'sharelihi.iOS': string;
}

export function createLinesService(ctx: AppContext, listening: ListeningPorts) {
  const { config, secrets } = ctx;

  /** The index of the line a request arrived on (0 for the main port and for in-process calls). */
  function lineIndexOf(request: FastifyRequest): number {
    const index = listening.ports.indexOf(request.socket?.localPort ?? -1);
    return index < 0 ? 0 : index;
  }

  function isEncryptedLine(index: number): boolean {
    if (config.lineEncrypt === 'all') return true;
    if (config.lineEncrypt === 'none') return false;
    return index > 0;
  }

  /** Line origins as the client must address them: PUBLIC_URL, else the host the client used. */
  function lineOrigins(request: FastifyRequest): string[] {
    return linesFrom(requestOrigin(config, request));
  }

  /** The same for a request whose host is not well formed: none (for the reply's CSP). */
  function lineOriginsOrNone(request: FastifyRequest): string[] {
    const base = requestOriginOrNone(config, request);
    return base === undefined ? [] : linesFrom(base);
  }

  function linesFrom(base: string): string[] {
    return listening.ports.map((port, index) => {
      const url = new URL(base);
      if (index > 0 || !config.publicUrl) url.port = String(port);
      return url.origin;
    });
  }

  /** Every line serves the images of one chain, all encrypted with the one image key. */
  function imageLines(request: FastifyRequest) {
    const key = secrets.imageKey.toString('base64');
    return lineOrigins(request).map((url) => ({ url, chain: IMAGE_CHAIN, encrypt: true, key }));
  }

  return {
    lineIndexOf,
    imageLines,
    isEncryptedLine,
    lineOrigins,
    lineOriginsOrNone,

    async hostList(request: FastifyRequest): Promise<HostList> {
      const origins = lineOrigins(request);
      const messengers = (await readSetting<Messengers>(ctx.db, 'messengers')) ?? {
        potato: '',
        telegream: '',
        'sharelihi.iOS': '',
      };
      const apiKey = secrets.apiKey.toString('base64');
      return {
        api_pwa: origins.map((url, index) =>
          isEncryptedLine(index)
            ? { url, chain: 'main', encrypt: true, key: apiKey }
            : { url, chain: 'main', encrypt: false },
        ),
        img_pwa: imageLines(request),
        // The first stream line is the "abroad" line every user may use; the others are VIP lines.
        stream_pwa: origins.map((url, index) =>
          index === 0
            ? { url, mode: 'novip', vip: false, name: 'abroad' }
            : { url, mode: 'final', vip: true, name: `domestic ${index}` },
        ),
        ...messengers,
      };
    },
  };
}

export type LinesService = ReturnType<typeof createLinesService>;
