import {
  PlayerParamsSchema,
  RelatedVideosQuerySchema,
  ReportBodySchema,
  TokenParamSchema,
  VideoInfoQuerySchema,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../platform/reply.ts';
import { localeOf, tokenOf } from '../../platform/request.ts';
import type { SessionService } from '../session/session.service.ts';
import type { PlayerService } from './player.service.ts';

/** The play page's calls (part 2 §7.2); every call needs a token, sources are per user. */
export const playerRoutes =
  (sessions: SessionService, player: PlayerService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onClose', async () => player.close());
    app.get(
      '/v1/video/info/:avkey',
      { schema: { params: PlayerParamsSchema, querystring: VideoInfoQuerySchema } },
      async (request, reply) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        const info = await player.videoInfo(
          userId,
          request.params.avkey,
          request.query.pixel,
          localeOf(request),
        );
        // The sources are signed for this user and expire: no shared cache may keep them.
        return reply.header('cache-control', 'private, no-store').send(envelope(info));
      },
    );

    app.get(
      '/v1/actors/video/:avkey',
      { schema: { params: PlayerParamsSchema, querystring: TokenParamSchema } },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        return envelope(await player.actorsOfVideo(userId, request.params.avkey, localeOf(request)));
      },
    );

    app.get(
      '/v2/videos/recommend/:avkey',
      { schema: { params: PlayerParamsSchema, querystring: RelatedVideosQuerySchema } },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        const { video_type, page } = request.query;
        return envelope(
          await player.recommended(userId, request.params.avkey, video_type, page, localeOf(request)),
        );
      },
    );

    app.post(
      '/v1/report/video/:avkey',
      { schema: { params: PlayerParamsSchema, querystring: TokenParamSchema, body: ReportBodySchema } },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        const body = request.body;
        await player.report(userId, request.params.avkey, {
          reportType: body.report_type,
          content: body.report_content ?? '',
          deviceOs: body.device_os ?? '',
          imgHost: body.img_host ?? '',
          streamHost: body.stream_host ?? '',
        });
        return envelope(null);
      },
    );
  };
