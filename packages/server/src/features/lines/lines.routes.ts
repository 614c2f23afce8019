import { ImageChainParamsSchema, TokenBodySchema, TokenParamSchema } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestOrigin } from '../../platform/origin.ts';
import { envelope } from '../../platform/reply.ts';
import { tokenOf } from '../../platform/request.ts';
import type { AppContext } from '../../platform/context.ts';
import type { SessionService } from '../session/session.service.ts';
import type { LinesService } from './lines.service.ts';

const SPEED_PAGE = '<!doctype html><title>ok</title>';

export const linesRoutes =
  (ctx: AppContext, lines: LinesService, sessions: SessionService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/host_pwa.txt', async (request, reply) => {
      // Kept per validated origin: the list a client gets depends only on the origin it used, so no
      // header of one client can change what another is served.
      const body = await ctx.cache.getOrMake('lines', requestOrigin(ctx.config, request), () =>
        lines.hostList(request),
      );
      return reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(body);
    });

    // Tiny and never cached, so the race measures the line, not a cache.
    app.get('/speed.html', async (_request, reply) =>
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(SPEED_PAGE),
    );

    app.post(
      '/v1/user/image/:chain',
      { schema: { params: ImageChainParamsSchema, querystring: TokenParamSchema, body: TokenBodySchema } },
      async (request) => {
        await sessions.authenticate(tokenOf(request));
        const chainLines = lines
          .imageLines(request)
          .filter((line) => line.chain === request.params.chain)
          .map((line) => line.url);
        return envelope({ chain: request.params.chain, lines: chainLines });
      },
    );
  };
