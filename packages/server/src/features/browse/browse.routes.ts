import {
  ActorListQuerySchema,
  ActorPageParamsSchema,
  AdClickBodySchema,
  BrowsePageQuerySchema,
  CLASSIC_PATHS,
  HOME_PATHS,
  KeywordSearchParamsSchema,
  MenuListParamsSchema,
  MenuListQuerySchema,
  RecommendParamsSchema,
  RecommendQuerySchema,
  Status,
  StudioListQuerySchema,
  StudioPageParamsSchema,
  StudioPageQuerySchema,
  TokenParamSchema,
  TopVideosParamsSchema,
} from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fail } from '../../platform/errors.ts';
import { keptEnvelopeJson } from '../../platform/kept-json.ts';
import { envelope } from '../../platform/reply.ts';
import { localeOf, tokenOf } from '../../platform/request.ts';
import type { SessionService } from '../session/session.service.ts';
import type { BrowseService } from './browse.service.ts';

/**
 * The caller behind a browsing call. Browsing works without a token (nothing is liked then), but a
 * token that is sent must be live, so a client whose session ended hears it (497/498/499).
 */
export async function viewerOf(
  sessions: SessionService,
  request: FastifyRequest,
): Promise<number | undefined> {
  const token = tokenOf(request);
  return token === undefined ? undefined : (await sessions.authenticate(token)).userId;
}

/**
 * A browsing list's reply. The lists are kept in memory (list-cache.ts) and served to many callers,
 * so their JSON is made once too (kept-json.ts); only what was made for this caller is new.
 */
function sendKept(reply: FastifyReply, response: unknown) {
  return reply.type('application/json; charset=utf-8').send(keptEnvelopeJson(response));
}

/** Home feeds, menu lists, actors, studios, search and ads (part 2 §7.1). */
export const browseRoutes =
  (sessions: SessionService, browse: BrowseService): FastifyPluginAsyncZod =>
  async (app) => {
    const querystring = TokenParamSchema;

    for (const [path, type] of Object.entries(HOME_PATHS)) {
      app.get(`/v1/${path}/menus`, { schema: { querystring } }, async (request, reply) => {
        await viewerOf(sessions, request);
        return sendKept(reply, await browse.homeMenus(type, localeOf(request)));
      });
      app.get(`/v1/${path}/tags`, { schema: { querystring } }, async (request, reply) => {
        await viewerOf(sessions, request);
        return sendKept(reply, await browse.homeTags(type, localeOf(request)));
      });
      app.get(
        `/v2/${path}/videos/:id`,
        { schema: { params: RecommendParamsSchema, querystring: RecommendQuerySchema } },
        async (request, reply) => {
          const userId = await viewerOf(sessions, request);
          return sendKept(
            reply,
            await browse.recommend(type, request.params.id, request.query.tags, userId, localeOf(request)),
          );
        },
      );
    }

    for (const [path, type] of Object.entries(CLASSIC_PATHS)) {
      app.get(
        `/v1/${path}/videos/6`,
        { schema: { querystring: BrowsePageQuerySchema } },
        async (request, reply) => {
          const userId = await viewerOf(sessions, request);
          return sendKept(reply, await browse.classic(type, request.query.page, userId, localeOf(request)));
        },
      );
    }

    app.get(
      '/v1/videos/menu/:menu_id',
      { schema: { params: MenuListParamsSchema, querystring: MenuListQuerySchema } },
      async (request, reply) => {
        const userId = await viewerOf(sessions, request);
        return sendKept(
          reply,
          await browse.menuList(request.params.menu_id, request.query, userId, localeOf(request)),
        );
      },
    );

    app.get('/v1/actors', { schema: { querystring: ActorListQuerySchema } }, async (request, reply) => {
      const userId = await viewerOf(sessions, request);
      return sendKept(reply, await browse.actors(request.query, userId, localeOf(request)));
    });

    app.get(
      '/v1/actor/:actorid',
      { schema: { params: ActorPageParamsSchema, querystring: BrowsePageQuerySchema } },
      async (request, reply) => {
        const userId = await viewerOf(sessions, request);
        return sendKept(
          reply,
          await browse.actorPage(request.params.actorid, request.query.page, userId, localeOf(request)),
        );
      },
    );

    app.get('/v1/studios', { schema: { querystring: StudioListQuerySchema } }, async (request, reply) => {
      await viewerOf(sessions, request);
      const { video_type, page } = request.query;
      return sendKept(reply, await browse.studios(video_type, page, localeOf(request)));
    });

    app.get(
      '/v1/studio/:studioid',
      { schema: { params: StudioPageParamsSchema, querystring: StudioPageQuerySchema } },
      async (request, reply) => {
        const userId = await viewerOf(sessions, request);
        const { video_type, page } = request.query;
        return sendKept(
          reply,
          await browse.studioPage(request.params.studioid, video_type, page, userId, localeOf(request)),
        );
      },
    );

    app.get('/v1/keywords/popular', { schema: { querystring } }, async (request, reply) => {
      await viewerOf(sessions, request);
      return sendKept(reply, await browse.popularKeywords(localeOf(request)));
    });

    app.get(
      '/v1/videos/:type/top',
      { schema: { params: TopVideosParamsSchema, querystring } },
      async (request, reply) => {
        const userId = await viewerOf(sessions, request);
        return sendKept(reply, await browse.topVideos(request.params.type, userId, localeOf(request)));
      },
    );

    app.get(
      '/v1/videos/:type/keyword/:search',
      { schema: { params: KeywordSearchParamsSchema, querystring: BrowsePageQuerySchema } },
      async (request, reply) => {
        const userId = await viewerOf(sessions, request);
        const { type, search } = request.params;
        return sendKept(
          reply,
          await browse.search(type, search, request.query.page, userId, localeOf(request)),
        );
      },
    );
    // An empty search names no keyword: bad input, not a missing page.
    for (const path of ['/v1/videos/:type/keyword', '/v1/videos/:type/keyword/']) {
      app.get(path, async () => fail(Status.invalid));
    }

    app.post('/v1/ad/click', { schema: { querystring, body: AdClickBodySchema } }, async (request) => {
      const userId = await viewerOf(sessions, request);
      return envelope(await browse.adClick(request.body.url, userId));
    });
  };
