import type { HostList, Line, StreamLine } from '@app/contract';
import type { HostLines } from '@app/contract/console/settings';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { requestOrigin, requestOriginOrNone } from '../../platform/origin.ts';
import { readSetting } from '../../platform/settings.ts';

/** The ports this process actually listens on: the main port first, then the extra lines. */
export interface ListeningPorts {
  ports: number[];
}

export const IMAGE_CHAIN = 'main';
export const LINES_TOPIC = 'lines';
export const HOST_LINES_KEY = 'host_lines';
export const MESSENGERS_KEY = 'messengers';

/** The operator's lines (console §2); an empty kind is automatic: this server's own ports. */
export type OperatorLines = Pick<HostLines, 'api' | 'img' | 'stream'>;
export const NO_OPERATOR_LINES: OperatorLines = { api: [], img: [], stream: [] };

export interface Messengers {
  potato: string;
  telegream: string;
  'sharelihi.iOS': string;
}

export function createLinesService(ctx: AppContext, listening: ListeningPorts) {
  const { config, secrets } = ctx;
  // Kept in memory (the CSP of every document names them, synchronously); read again when the
  // lines topic changes, here or in another process (cache versions).
  let operatorLines: OperatorLines = NO_OPERATOR_LINES;
  async function loadOperatorLines(): Promise<void> {
    operatorLines = { ...NO_OPERATOR_LINES, ...(await readSetting<OperatorLines>(ctx.db, HOST_LINES_KEY)) };
  }
  ctx.cache.onInvalidate(LINES_TOPIC, () => void loadOperatorLines().catch(() => undefined));

  // Behind edges a line is its hostname (the edge passes the Host it was asked on), not a local port.
  const edgeHosts = config.mediaBaseUrls.map((url) => new URL(url).host);

  /**
   * The index of the line a request arrived on: the edge it came through when MEDIA_BASE_URL names
   * edges, else the local port (0 for the main port and for in-process calls).
   */
  function lineIndexOf(request: FastifyRequest): number {
    const edge = edgeHosts.indexOf(request.host);
    if (edge >= 0) return edge;
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

  /**
   * Every origin the app may talk to, for the reply's CSP: this server's lines (none for a request
   * whose host is not well formed) and the operator's.
   */
  function lineOriginsOrNone(request: FastifyRequest): string[] {
    const base = requestOriginOrNone(config, request);
    const own = base === undefined ? [] : linesFrom(base);
    const { api, img, stream } = operatorLines;
    const edges = config.mediaBaseUrls;
    if (api.length + img.length + stream.length + edges.length === 0) return own;
    return [...new Set([...own, ...edges, ...[...api, ...img, ...stream].map((line) => line.url)])];
  }

  function linesFrom(base: string): string[] {
    return listening.ports.map((port, index) => {
      const url = new URL(base);
      // Behind a proxy the client addresses the proxy's port for this line, not this node's.
      const publicPort = config.publicLinePorts[index] ?? port;
      if (index > 0 || !config.publicUrl) url.port = String(publicPort);
      return url.origin;
    });
  }

  /** Every line serves the images of one chain, all encrypted with the one image key. */
  function imageLines(request: FastifyRequest) {
    const key = secrets.imageKey.toString('base64');
    const urls = operatorLines.img.length
      ? operatorLines.img.map((line) => line.url)
      : config.mediaBaseUrls.length
        ? config.mediaBaseUrls
        : lineOrigins(request);
    return urls.map((url) => ({ url, chain: IMAGE_CHAIN, encrypt: true, key }));
  }

  return {
    loadOperatorLines,
    operatorLines: () => operatorLines,
    lineIndexOf,
    imageLines,
    isEncryptedLine,
    lineOrigins,
    lineOriginsOrNone,

    async hostList(request: FastifyRequest): Promise<HostList> {
      const origins = lineOrigins(request);
      const messengers = (await readSetting<Messengers>(ctx.db, MESSENGERS_KEY)) ?? {
        potato: '',
        telegream: '',
        'sharelihi.iOS': '',
      };
      const apiKey = secrets.apiKey.toString('base64');
      const { api, stream } = operatorLines;
      const apiLines: Line[] = api.length
        ? api.map(({ url, encrypt }) =>
            encrypt ? { url, chain: 'main', encrypt, key: apiKey } : { url, chain: 'main', encrypt },
          )
        : origins.map((url, index) =>
            isEncryptedLine(index)
              ? { url, chain: 'main', encrypt: true, key: apiKey }
              : { url, chain: 'main', encrypt: false },
          );
      const streamLines: StreamLine[] = stream.length
        ? stream.map(({ url, vip, name }) => ({ url, mode: vip ? 'final' : 'novip', vip, name }))
        : // The first stream line is the "abroad" line every user may use; the others are VIP lines.
          (config.mediaBaseUrls.length ? config.mediaBaseUrls : origins).map((url, index) =>
            index === 0
              ? { url, mode: 'novip', vip: false, name: 'abroad' }
              : { url, mode: 'final', vip: true, name: `domestic ${index}` },
          );
      return { api_pwa: apiLines, img_pwa: imageLines(request), stream_pwa: streamLines, ...messengers };
    },
  };
}

export type LinesService = ReturnType<typeof createLinesService>;
