import { RenditionParamsSchema, SignedKeyQuerySchema, SignedPlaylistQuerySchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LinesService } from '../lines/lines.service.ts';
import type { StreamingService } from './streaming.service.ts';

/**
 * Playlists and keys are per user and short-lived (signed URLs, entitlements), so they are never
 * cached by anyone; segments are public static files (app.ts).
 */
export const streamingRoutes =
  (lines: LinesService, streaming: StreamingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/hls/:asset/:rendition/index.m3u8',
      { schema: { params: RenditionParamsSchema, querystring: SignedPlaylistQuerySchema } },
      async (request, reply) => {
        const { asset, rendition } = request.params;
        const { user, video, expires, sig } = request.query;
        const playlist = await streaming.playlist(
          { user, video, asset, rendition },
          { expires, sig },
          lines.lineIndexOf(request),
        );
        return reply
          .header('cache-control', 'private, no-store')
          .type('application/vnd.apple.mpegurl')
          .send(playlist);
      },
    );

    app.get(
      '/v1/video/key/:asset/:rendition',
      { schema: { params: RenditionParamsSchema, querystring: SignedKeyQuerySchema } },
      async (request, reply) => {
        const { asset, rendition } = request.params;
        const { user, video, line, expires, sig } = request.query;
        const key = await streaming.key(
          { user, video, asset, rendition, line },
          { expires, sig },
          lines.lineIndexOf(request),
        );
        return reply.header('cache-control', 'private, no-store').type('application/octet-stream').send(key);
      },
    );
  };
