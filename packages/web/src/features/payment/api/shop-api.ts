import type { AppealView, Order, OrderStateView, PayType, Plan, PromotionLevel, Ticket } from '@app/contract';
import { Status } from '@app/contract/status-codes';
import { request, type Envelope } from '../../../app/api/client.ts';
import { readSetting } from '../../../app/settings.ts';
import { oldPlansPath } from '../payment-rules.ts';

/** Plans and whether the cash desk is under maintenance, from whichever call the page uses. */
export interface PlanList {
  plans: Plan[];
  maintain: boolean;
}

function plansOrThrow<T>(reply: Envelope<T>, pick: (response: T) => PlanList): PlanList {
  if (reply.status.code !== Status.ok || !reply.response) throw new Error(reply.status.message);
  return pick(reply.response);
}

/** `GET /v2/shop/api`: the regular plans with their payment groups. */
export async function fetchPlans(): Promise<PlanList> {
  const reply = await request<{ plan2: Plan[]; maintain: boolean }>('/v2/shop/api');
  return plansOrThrow(reply, (response) => ({ plans: response.plan2, maintain: response.maintain }));
}

/** `GET {shop_link}` (default `/v1/shop/api/2`): the old payment page's plans. */
export async function fetchOldPlans(shopLink?: string): Promise<PlanList> {
  const reply = await request<{ plans: Plan[]; maintain: boolean }>(oldPlansPath(shopLink));
  return plansOrThrow(reply, (response) => response);
}

export interface SaleOffer extends PlanList {
  bonusDays: number;
}

/** `GET /v1/shop/levelapi/{level}`: the level's one sale plan and its bonus days. */
export async function fetchSaleOffer(level: PromotionLevel): Promise<SaleOffer> {
  const reply = await request<{ bonus_days: number; plan2: Plan[]; maintain: boolean }>(
    `/v1/shop/levelapi/${level}`,
  );
  if (reply.status.code !== Status.ok || !reply.response) throw new Error(reply.status.message);
  const { bonus_days, plan2, maintain } = reply.response;
  return { bonusDays: bonus_days, plans: plan2, maintain };
}

/** `GET /v2/shop/cash_discost?type=pay`: the tickets a checkout can use now. */
export async function fetchPayTickets(): Promise<Ticket[]> {
  const reply = await request<{ result: Ticket[] }>('/v2/shop/cash_discost', { query: { type: 'pay' } });
  if (reply.status.code !== Status.ok || !reply.response) throw new Error(reply.status.message);
  return reply.response.result;
}

export interface BuyRequest {
  planId: number;
  methodId: number;
  ticketId?: number;
  source?: string;
  videoId?: string;
}

export interface BuyReply {
  url: string;
  order_id: string;
  price: number;
  pay_seconds: number;
}

/** `GET /v2/shop/buy`: a pending order and the gateway's address; the caller reads the code (§8). */
export function buy(order: BuyRequest): Promise<Envelope<BuyReply | null>> {
  return request<BuyReply | null>('/v2/shop/buy', {
    query: {
      plan: order.planId,
      payment: order.methodId,
      cash_id: order.ticketId,
      source: order.source,
      video_id: order.videoId,
    },
  });
}

/**
 * `GET /v2/shop/order/{order_id}`: where the order stands (pending, paid, failed). Null when the
 * order is not this account's (another account signed in meanwhile).
 */
export async function fetchOrderState(orderId: string): Promise<OrderStateView | null> {
  const reply = await request<OrderStateView>(`/v2/shop/order/${encodeURIComponent(orderId)}`);
  if (reply.status.code === Status.notFound) return null;
  if (reply.status.code !== Status.ok || !reply.response) throw new Error(reply.status.message);
  return reply.response;
}

/**
 * The old page's buy link (`/v1/shop/buy`), opened in a new tab: the server answers it with the
 * way to the gateway, so it carries the token itself. It goes to the app's own origin: a tab
 * opened on it sends no Origin, and the gateway returns the payer to the origin the link was on,
 * where the app's session is stored.
 */
export function oldBuyLink(order: { planId: number; payType: PayType; source?: string; videoId?: string }) {
  const url = new URL('/v1/shop/buy', location.origin);
  url.searchParams.set('plan', String(order.planId));
  url.searchParams.set('payment', order.payType);
  url.searchParams.set('token', readSetting('token') ?? '');
  if (order.source) url.searchParams.set('source', order.source);
  if (order.videoId) url.searchParams.set('video_id', order.videoId);
  return url.toString();
}

/** `POST /v1/shop/current` and `/v1/shop/history`: the orders page, read side by side. */
export async function fetchOrders(): Promise<{
  current: Order | null;
  history: Order[];
  appeals: AppealView[];
}> {
  const [current, history, appeals] = await Promise.all([
    request<{ order: Order | null }>('/v1/shop/current', { form: {} }),
    request<{ orders: Order[] }>('/v1/shop/history', { form: {} }),
    request<{ result: AppealView[] }>('/v1/shop/appeals'),
  ]);
  if (current.status.code !== Status.ok || history.status.code !== Status.ok)
    throw new Error(current.status.message || history.status.message);
  return {
    current: current.response?.order ?? null,
    history: history.response?.orders ?? [],
    // The orders themselves still show when the appeals cannot be read.
    appeals: appeals.status.code === Status.ok ? (appeals.response?.result ?? []) : [],
  };
}
