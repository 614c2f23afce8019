import {
  BuyQuerySchema,
  LevelParamsSchema,
  OldBuyQuerySchema,
  OrderParamsSchema,
  Status,
  TokenBodySchema,
  TokenParamSchema,
} from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { requestOrigin, webOriginOf } from '../../platform/origin.ts';
import { envelope } from '../../platform/reply.ts';
import { headerOf, localeOf, tokenOf } from '../../platform/request.ts';
import type { SessionService } from '../session/session.service.ts';
import { NOTIFY_PATH, type BuyRequest, type ShopService } from './shop.service.ts';

/**
 * Where the gateway and the payer reach this server. The api origin (PUBLIC_URL, else the validated
 * origin the call came to) gets the notify and hosts the sandbox; the payer returns to the page that
 * asked (its Origin), because the app's session lives in that origin's storage — but only to a page
 * of this server (same host name, any port: the lines and a dev server), never to an address a
 * client names.
 */
function originsOf(config: Config, request: FastifyRequest) {
  const api = requestOrigin(config, request);
  const asked = /^(https?):\/\/([^/]+)$/.exec(headerOf(request, 'origin') ?? '');
  const page = asked ? webOriginOf(asked[1], asked[2]) : undefined;
  const app = page !== undefined && new URL(page).hostname === new URL(api).hostname ? page : api;
  return { api, app };
}

/** Plans, buy, orders (part 2 §7.3) and the gateway's notify. */
export const shopRoutes =
  (config: Config, sessions: SessionService, shop: ShopService): FastifyPluginAsyncZod =>
  async (app) => {
    // Plans are the same for everyone and are read before a purchase: no token needed.
    app.get('/v2/shop/api', { schema: { querystring: TokenParamSchema } }, async (request) => {
      const { plans, maintain } = await shop.regularPlans(localeOf(request));
      return envelope({ plan2: plans, maintain }, Status.ok, maintain ? 'cash_maintain' : undefined);
    });

    app.get('/v1/shop/api/2', { schema: { querystring: TokenParamSchema } }, async (request) => {
      const { plans, maintain } = await shop.regularPlans(localeOf(request));
      return envelope({ plans, maintain }, Status.ok, maintain ? 'cash_maintain' : undefined);
    });

    app.get(
      '/v1/shop/levelapi/:level',
      { schema: { params: LevelParamsSchema, querystring: TokenParamSchema } },
      async (request) => {
        const { level } = request.params;
        const { plans, maintain, bonusDays } = await shop.salePlan(level, localeOf(request));
        return envelope(
          { level, bonus_days: bonusDays, plan2: plans, maintain },
          Status.ok,
          maintain ? 'cash_maintain' : undefined,
        );
      },
    );

    app.get('/v2/shop/buy', { schema: { querystring: BuyQuerySchema } }, async (request) => {
      const { userId } = await sessions.authenticate(tokenOf(request));
      const { plan, payment, cash_id, source, video_id } = request.query;
      const buy: BuyRequest = {
        planId: plan,
        channelId: payment,
        ticketId: cash_id,
        source,
        videoId: video_id,
        locale: localeOf(request),
      };
      return envelope(await shop.buy(userId, buy, originsOf(config, request)));
    });

    // The old page opens this link in a new tab: the answer is the way to the gateway itself.
    app.get('/v1/shop/buy', { schema: { querystring: OldBuyQuerySchema } }, async (request, reply) => {
      const { userId } = await sessions.authenticate(tokenOf(request));
      const { plan, payment, source, video_id } = request.query;
      const channelId = await shop.channelOfType(payment);
      const { url } = await shop.buy(
        userId,
        { planId: plan, channelId, source, videoId: video_id, locale: localeOf(request) },
        originsOf(config, request),
      );
      return reply.redirect(url, 302);
    });

    // Watched by the app while the payer is on the gateway: it answers from the order row alone.
    app.get(
      '/v2/shop/order/:order_id',
      { schema: { params: OrderParamsSchema, querystring: TokenParamSchema } },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        return envelope(await shop.orderState(userId, request.params.order_id));
      },
    );

    app.post(
      '/v1/shop/current',
      { schema: { querystring: TokenParamSchema, body: TokenBodySchema } },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        return envelope({ order: await shop.currentOrder(userId, localeOf(request)) });
      },
    );

    app.post(
      '/v1/shop/history',
      { schema: { querystring: TokenParamSchema, body: TokenBodySchema } },
      async (request) => {
        const { userId } = await sessions.authenticate(tokenOf(request));
        return envelope({ orders: await shop.orderHistory(userId, localeOf(request)) });
      },
    );

    // EPay gateways notify with GET; some send a form. The answer is plain text, never the envelope.
    const notify = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.method === 'POST' ? request.body : request.query;
      const outcome = await shop.settleNotify(params);
      if (outcome.status !== 200) request.log.warn({ answer: outcome.body }, 'payment notify refused');
      return reply.code(outcome.status).type('text/plain; charset=utf-8').send(outcome.body);
    };
    app.get(NOTIFY_PATH, notify);
    app.post(NOTIFY_PATH, notify);
  };
