import crypto from 'node:crypto';
import {
  BUY_PAY_SECONDS,
  ORDER_HISTORY_MAX,
  ORDER_REQUESTS_PER_MINUTE,
  PAY_TYPES,
  Status,
  TICKET_HOLD_MINUTES,
  orderCostCents,
  yuanOf,
  type Locale,
  type Order,
  type OrderStateView,
  type PayType,
  type PaymentGroup,
  type Plan,
  type PromotionLevel,
} from '@app/contract';
import type { SaleBonusDays } from '@app/contract/console/settings';
import type { FastifyBaseLogger } from 'fastify';
import {
  notifyParamsOf,
  PaymentProviderError,
  type PaymentProvider,
} from '../../adapters/payment-gateway.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail } from '../../platform/errors.ts';
import { metrics } from '../../platform/metrics.ts';
import { textIn } from '../../platform/script.ts';
import type { AppInfoService } from '../app-info/app-info.service.ts';
import { promotionLevelOf, type UserService } from '../user/user.service.ts';
import * as queries from './shop.queries.ts';

const MINUTE_MS = 60_000;
/** Where the gateway notifies: outside the API prefixes, so no region block can refuse a gateway. */
export const NOTIFY_PATH = '/pay/notify';

type PlanRow = NonNullable<Awaited<ReturnType<typeof queries.findPlan>>>;
type ChannelRow = Awaited<ReturnType<typeof queries.enabledChannels>>[number];

export interface BuyRequest {
  planId: number;
  channelId: number;
  ticketId?: number;
  source?: string;
  videoId?: string;
  /** The buyer's language: the order's name on the gateway's page. */
  locale?: Locale;
}

/** What a notify came to: the body and status to answer the gateway with. */
export interface NotifyOutcome {
  status: 200 | 401 | 404;
  body: string;
  /** True only for the one notify that moved the order to paid. */
  applied: boolean;
}

/** A plan's own bonus days (console, migration 019) plus its sale level's bonus. */
/** The plan's own bonus and, for a sale plan, the bonus of its level as the operator set it. */
function bonusDaysOf(row: { sale_level: string | null; bonus_days: number }, bonus: SaleBonusDays): number {
  return row.bonus_days + (row.sale_level ? bonus[row.sale_level as PromotionLevel] : 0);
}

/** Plans, channels and orders carry their Traditional beside them (migration 013). */
function planView(row: PlanRow, groups: PaymentGroup[], locale: Locale, bonus: SaleBonusDays): Plan {
  return {
    id: row.id,
    name: textIn(locale, row.name, row.name_tw),
    price: yuanOf(row.price_cents),
    original_price: yuanOf(row.original_price_cents),
    slogan: textIn(locale, row.slogan, row.slogan_tw),
    tag: textIn(locale, row.tag, row.tag_tw),
    tag_color: row.tag_color,
    color: row.color,
    average: Math.round(row.price_cents / row.days) / 100,
    days: row.days,
    bonus_days: bonusDaysOf(row, bonus),
    payments: groups,
    cash_title: row.cash_title,
  };
}

/** The open channels in their groups, in the order of PAY_TYPES; a group with no open channel is left out. */
function paymentGroupsOf(channels: ChannelRow[], locale: Locale): PaymentGroup[] {
  return PAY_TYPES.map((payType) => ({
    pay_type: payType,
    payments: channels
      .filter((channel) => channel.pay_type === payType)
      .map((channel) => ({
        id: channel.id,
        name: textIn(locale, channel.name, channel.name_tw),
        detail_name: textIn(locale, channel.detail_name, channel.detail_name_tw),
      })),
  })).filter((group) => group.payments.length > 0);
}

/** The id the gateway knows an order by: unguessable, letters and digits as EPay wants. */
function newOutTradeNo(now: Date): string {
  return `${now.getTime()}${crypto.randomBytes(5).toString('hex')}`;
}

/**
 * Plans, buy and orders (part 2 §2.6, §4, §7.3, §8; DECISIONS "Payments"). A buy makes a pending
 * order with everything it will grant fixed; only a notify the provider's signature vouches for, for
 * the exact amount, pays it — once, in one transaction that extends VIP, spends the ticket and
 * counts the purchase.
 */
export function createShopService(deps: {
  ctx: AppContext;
  appInfo: AppInfoService;
  users: UserService;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}) {
  const { ctx, appInfo, users, provider, log } = deps;
  const { db } = ctx;

  async function maintained(): Promise<boolean> {
    return (await appInfo.stored()).cash.maintain;
  }

  async function groups(locale: Locale): Promise<PaymentGroup[]> {
    return paymentGroupsOf(await queries.enabledChannels(db), locale);
  }

  function orderView(
    row: Awaited<ReturnType<typeof queries.paidOrders>>[number],
    now: number,
    locale: Locale,
  ): Order {
    const expiry = row.vip_until?.getTime() ?? 0;
    const refunded = row.status === 'refunded';
    return {
      order_id: row.out_trade_no,
      name: textIn(locale, row.name, row.name_tw),
      // A refunded order's VIP days were taken back (console refund).
      active: !refunded && expiry > now,
      refunded,
      create_time: Math.floor(row.created_at.getTime() / 1000),
      expire_time: Math.floor(expiry / 1000),
      // 1 would mean auto-renew; every purchase here is a single payment.
      status: 0,
      method: textIn(locale, row.method, row.method_tw),
      price: yuanOf(row.amount_cents),
    };
  }

  /**
   * The pending order. Plan, channel and ticket are read first, side by side; the sale level, the
   * ticket's hold and the per-minute limit are read under the buyer's row lock (and the ticket's),
   * each in a statement of its own, so a buy that waited for the lock sees the order the other made.
   * A ticket belongs to the pending order that uses it until that order is paid (spent), fails, or
   * expires unpaid after TICKET_HOLD_MINUTES; meanwhile another buy naming it is 402.
   */
  async function createOrder(userId: number, request: BuyRequest, now: Date) {
    const [plan, channel, held, bonus] = await Promise.all([
      queries.findPlan(db, request.planId),
      queries.findChannel(db, request.channelId),
      request.ticketId === undefined ? undefined : queries.findHeldTicket(db, userId, request.ticketId),
      appInfo.saleBonusDays(),
    ]);
    if (!plan) fail(Status.notFound, 'plan_not_found');
    if (!channel || !(PAY_TYPES as readonly string[]).includes(channel.pay_type))
      fail(Status.notFound, 'channel_not_found');
    if (!channel.enabled) fail(Status.conflict, 'channel_busy');
    let ticket: { priceCents: number; limitPriceCents: number } | undefined;
    if (request.ticketId !== undefined) {
      if (!held) fail(Status.notFound, 'ticket_not_found');
      if (held.spent_at || held.expires_at.getTime() <= now.getTime())
        fail(Status.conflict, 'ticket_unavailable');
      if (plan.price_cents < held.limit_price_cents) fail(Status.invalid, 'ticket_below_limit');
      ticket = { priceCents: held.price_cents, limitPriceCents: held.limit_price_cents };
    }
    const { cost, discount } = orderCostCents(plan.price_cents, ticket);

    return db.transaction().execute(async (trx) => {
      const buyer = await queries.lockBuyer(trx, userId);
      if (!buyer) fail(Status.notFound);
      // A sale plan is the offer of one level's page: sold only to accounts of that level.
      if (plan.sale_level && plan.sale_level !== promotionLevelOf(buyer, now.getTime()))
        fail(Status.refused, 'sale_level_mismatch');
      if (ticket) {
        const locked = await queries.lockTicket(trx, request.ticketId!);
        if (!locked || locked.spent_at) fail(Status.conflict, 'ticket_unavailable');
        const holdSince = new Date(now.getTime() - TICKET_HOLD_MINUTES * MINUTE_MS);
        if (await queries.ticketHeldSince(trx, request.ticketId!, holdSince))
          fail(Status.conflict, 'ticket_reserved');
      }
      const window = new Date(now.getTime() - MINUTE_MS / ORDER_REQUESTS_PER_MINUTE);
      if (await queries.orderedSince(trx, userId, window)) fail(Status.invalid, 'order_too_frequent');

      const outTradeNo = newOutTradeNo(now);
      const id = await queries.insertOrder(trx, {
        out_trade_no: outTradeNo,
        user_id: userId,
        plan_id: plan.id,
        channel_id: channel.id,
        pay_type: channel.pay_type,
        method: channel.name,
        method_tw: channel.name_tw,
        name: plan.name,
        name_tw: plan.name_tw,
        ticket_id: ticket ? request.ticketId! : null,
        price_cents: plan.price_cents,
        discount_cents: discount,
        amount_cents: cost,
        days: plan.days,
        // The bonus is fixed in the order when it is made: an operator's later change leaves it be.
        bonus_days: bonusDaysOf(plan, bonus),
        sale_level: plan.sale_level,
        source: request.source ?? null,
        video_id: request.videoId ?? null,
        created_at: now,
      });
      const name = textIn(request.locale ?? 'cn', plan.name, plan.name_tw);
      return { id, outTradeNo, name, amountCents: cost, payType: channel.pay_type as PayType };
    });
  }

  return {
    /** GET /v2/shop/api and the old page's plans: empty while cash maintenance is on. */
    async regularPlans(locale: Locale): Promise<{ plans: Plan[]; maintain: boolean }> {
      if (await maintained()) return { plans: [], maintain: true };
      const [rows, payments, bonus] = await Promise.all([
        queries.regularPlans(db),
        groups(locale),
        appInfo.saleBonusDays(),
      ]);
      return { plans: rows.map((row) => planView(row, payments, locale, bonus)), maintain: false };
    },

    /** GET /v1/shop/levelapi/{level}: the level's one sale plan with its bonus days. */
    async salePlan(
      level: PromotionLevel,
      locale: Locale,
    ): Promise<{ plans: Plan[]; maintain: boolean; bonusDays: number }> {
      const bonus = await appInfo.saleBonusDays();
      if (await maintained()) return { plans: [], maintain: true, bonusDays: bonus[level] };
      const [row, payments] = await Promise.all([queries.salePlanOf(db, level), groups(locale)]);
      return {
        plans: row ? [planView(row, payments, locale, bonus)] : [],
        maintain: false,
        bonusDays: bonus[level],
      };
    },

    /**
     * GET /v2/shop/buy: a pending order and the gateway's checkout address. One order request per
     * account per minute; a provider that cannot start the payment leaves the order failed (so the
     * retry the error notice suggests is not held back by the minute) and answers 500/501/502.
     */
    async buy(userId: number, request: BuyRequest, origins: { api: string; app: string }) {
      if (await maintained()) fail(Status.refused, 'cash_maintain');
      const now = new Date();
      const order = await createOrder(userId, request, now);
      metrics.payments.inc({ state: 'created' });
      try {
        const url = await provider.checkoutUrl(
          {
            outTradeNo: order.outTradeNo,
            name: order.name,
            amountCents: order.amountCents,
            payType: order.payType,
          },
          {
            origin: origins.api,
            notifyUrl: `${origins.api}${NOTIFY_PATH}`,
            returnUrl: `${origins.app}/member?paid=${order.outTradeNo}`,
          },
        );
        return {
          url,
          order_id: order.outTradeNo,
          price: yuanOf(order.amountCents),
          pay_seconds: BUY_PAY_SECONDS,
        };
      } catch (error) {
        await queries.markOrderFailed(db, order.id);
        metrics.payments.inc({ state: 'failed' });
        log.error({ err: error, order: order.outTradeNo }, 'payment provider could not start the payment');
        if (error instanceof PaymentProviderError && error.kind === 'refused') fail(Status.providerError);
        if (error instanceof PaymentProviderError && error.kind === 'unreachable')
          fail(Status.providerUnavailable);
        fail(Status.serverError);
      }
    },

    /** The old page names a pay type, not a channel: its first open channel (402 when all are shut). */
    async channelOfType(payType: PayType): Promise<number> {
      const channel = await queries.firstChannelOfType(db, payType);
      if (!channel) fail(Status.notFound, 'channel_not_found');
      return channel.id;
    },

    /**
     * The gateway's notify. Read (signature, merchant, paid status, amount format), then under a
     * lock on the order: known, the exact amount, not paid before. Paying is one transaction:
     * ledger row under the order's key, VIP extended by the plan's days plus any sale bonus from
     * now or the current expiry, paid orders counted, the ticket spent, the order marked paid.
     */
    async settleNotify(raw: unknown): Promise<NotifyOutcome> {
      const refuse = (status: 401 | 404, reason: string): NotifyOutcome => ({
        status,
        body: `fail: ${reason}`,
        applied: false,
      });
      const params = notifyParamsOf(raw);
      if (!params) return refuse(401, 'malformed');
      const reading = provider.readNotify(params);
      const outcome: NotifyOutcome & { userId?: number } = !reading.ok
        ? refuse(401, reading.reason)
        : await db.transaction().execute(async (trx) => {
            const { notice } = reading;
            const order = await queries.lockOrderByTradeNo(trx, notice.outTradeNo);
            if (!order) return refuse(404, 'order');
            if (order.amount_cents !== notice.amountCents) return refuse(401, 'amount');
            const done = { status: 200 as const, body: provider.acknowledgement, applied: false };
            // A refunded order stays refunded: its ledger key also keeps the days from coming back.
            if (order.status === 'paid' || order.status === 'refunded') return done;
            const now = new Date();
            const paid = await queries.payOrder(trx, {
              orderId: order.id,
              userId: order.user_id,
              vipDays: order.days + order.bonus_days,
              now,
              gatewayTradeNo: notice.tradeNo,
            });
            if (!paid) return done;
            // Paid money is honoured even when the ticket went to another order paid first.
            if (order.ticket_id !== null && !(await queries.spendTicket(trx, order.ticket_id, order.id, now)))
              log.warn({ order: notice.outTradeNo }, 'ticket of a paid order was already spent');
            return { ...done, applied: true, userId: order.user_id };
          });
      if (outcome.userId !== undefined) users.userRows.drop(String(outcome.userId));
      if (outcome.applied) metrics.payments.inc({ state: 'paid' });
      // Kept (refused ones too) for the console's order page; failing to keep it changes no answer.
      if (params.out_trade_no)
        await queries
          .recordNotification(db, {
            outTradeNo: params.out_trade_no,
            params,
            status: outcome.status,
            answer: outcome.body,
            applied: outcome.applied,
          })
          .catch((error: unknown) => log.error({ err: error }, 'could not keep a payment notify'));
      return { status: outcome.status, body: outcome.body, applied: outcome.applied };
    },

    /** GET /v2/shop/order/{order_id}: where the caller's order stands (404 for any other). */
    async orderState(userId: number, outTradeNo: string): Promise<OrderStateView> {
      const row = await queries.orderStateOf(db, userId, outTradeNo);
      if (!row) fail(Status.notFound, 'order_not_found');
      return {
        order_id: row.out_trade_no,
        state: row.status,
        vip_until: Math.floor((row.vip_until?.getTime() ?? 0) / 1000),
      };
    },

    /** POST /v1/shop/current: the newest paid order. */
    async currentOrder(userId: number, locale: Locale): Promise<Order | null> {
      const [row] = await queries.paidOrders(db, userId, 1);
      return row ? orderView(row, Date.now(), locale) : null;
    },

    /** POST /v1/shop/history: paid orders, newest first. */
    async orderHistory(userId: number, locale: Locale): Promise<Order[]> {
      const now = Date.now();
      return (await queries.paidOrders(db, userId, ORDER_HISTORY_MAX)).map((row) =>
        orderView(row, now, locale),
      );
    },
  };
}

export type ShopService = ReturnType<typeof createShopService>;
