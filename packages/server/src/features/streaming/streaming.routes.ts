import { RenditionParamsSchema, TokenParamSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tokenOf } from '../../platform/request.ts';
import type { SessionService } from '../session/session.service.ts';
import type { StreamingService } from './streaming.service.ts';

/** Playlists and keys are per user (entitlements), so they are never cached by anyone. */
export const streamingRoutes =
  (sessions: SessionService, streaming: StreamingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/hls/:asset/:rendition/index.m3u8',
      { schema: { params: RenditionParamsSchema, querystring: TokenParamSchema } },
      async (request, reply) => {
        const token = tokenOf(request);
        const { userId } = await sessions.authenticate(token);
        const { asset, rendition } = request.params;
        const playlist = await streaming.playlist(userId, asset, rendition, token ?? '');
        return reply
          .header('cache-control', 'private, no-store')
          .type('application/vnd.apple.mpegurl')
          .send(playlist);
      },
    );

    app.get(
      '/v1/video/key/:asset/:rendition',
      { schema: { params: RenditionParamsSchema, querystring: TokenParamSchema } },
      async (request, reply) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        const key = await streaming.key(userId, request.params.asset, request.params.rendition);
        return reply.header('cache-control', 'private, no-store').type('application/octet-stream').send(key);
      },
    );
  };
