import type { PayType, Plan, PromotionLevel, Ticket } from '@app/contract';
import { PLANS_SHOWN_BEFORE_EXPAND, PROMOTION_LEVELS } from '@app/contract/constants';
import { costWithTicket, ticketApplies } from '@app/contract/money';
import { formatDate } from '@app/contract/rules';
import { Status, sessionEndedCodes, type StatusCode } from '@app/contract/status-codes';

/**
 * The purchase pages' rules (part 2 §2.6, §4, §5, §8, §9), free of React so they can be tested
 * on their own: which plans show, what a tap selects, what the pay button says, what a buy reply
 * leads to, the sale page's countdown and when the app looks again for a VIP just paid for.
 */

// ── Plans, methods and tickets ───────────────────────────────────────────────

export interface Selection {
  planId: number | null;
  /** A payment channel of the plan's groups (the buy call's `payment`). */
  methodId: number | null;
  /** A held ticket (the buy call's `cash_id`). */
  ticketId: number | null;
}

export const NOTHING_CHOSEN: Selection = { planId: null, methodId: null, ticketId: null };

/** §5: only the first 3 plans show until the list is expanded. */
export function shownPlans<T>(plans: readonly T[], expanded: boolean): readonly T[] {
  return expanded ? plans : plans.slice(0, PLANS_SHOWN_BEFORE_EXPAND);
}

export function hasHiddenPlans(plans: readonly unknown[]): boolean {
  return plans.length > PLANS_SHOWN_BEFORE_EXPAND;
}

/**
 * §4: choosing a plan resets the ticket and the method (both depend on the plan). Tapping the plan
 * already chosen changes nothing, so a stray tap does not undo the user's other choices.
 */
export function choosePlan(selection: Selection, planId: number): Selection {
  if (selection.planId === planId) return selection;
  return { planId, methodId: null, ticketId: null };
}

/** §4: a method is selected by a tap and deselected by another. */
export function toggleMethod(selection: Selection, methodId: number): Selection {
  return { ...selection, methodId: selection.methodId === methodId ? null : methodId };
}

/** §4, §5: a ticket is selectable only with a plan whose price reaches its limit_price. */
export function ticketSelectable(plan: Plan | undefined, ticket: Pick<Ticket, 'limit_price'>): boolean {
  return plan !== undefined && ticketApplies(plan.price, ticket);
}

/** A tap on a ticket: selects it when it applies to the chosen plan; a second tap removes it. */
export function toggleTicket(selection: Selection, plan: Plan | undefined, ticket: Ticket): Selection {
  if (selection.ticketId === ticket.id) return { ...selection, ticketId: null };
  if (!ticketSelectable(plan, ticket)) return selection;
  return { ...selection, ticketId: ticket.id };
}

export interface PaymentMethod {
  id: number;
  name: string;
  payType: PayType;
}

/** The plan's channels, group by group (Alipay, WeChat Pay, UnionPay as the server orders them). */
export function methodsOf(plan: Plan | undefined): PaymentMethod[] {
  if (!plan) return [];
  return plan.payments.flatMap((group) =>
    group.payments.map((channel) => ({
      id: channel.id,
      name: channel.detail_name || channel.name,
      payType: group.pay_type,
    })),
  );
}

export interface Chosen {
  plan: Plan | undefined;
  method: PaymentMethod | undefined;
  ticket: Ticket | undefined;
}

/** The selection read against what the page has: ids that no longer exist count as not chosen. */
export function chosenOf(selection: Selection, plans: readonly Plan[], tickets: readonly Ticket[]): Chosen {
  const plan = plans.find((item) => item.id === selection.planId);
  const method = methodsOf(plan).find((item) => item.id === selection.methodId);
  const ticket = tickets.find((item) => item.id === selection.ticketId);
  return { plan, method, ticket: ticket && ticketSelectable(plan, ticket) ? ticket : undefined };
}

/** §4: the cost is the plan price less the ticket's, by the server's own rule. */
export function costOf(plan: Plan, ticket: Ticket | undefined): number {
  return costWithTicket(plan.price, ticket ?? null);
}

/** Yuan as the screens write them: 30, 12.5, 0.01. */
export function yuanText(yuan: number): string {
  return String(Math.round(yuan * 100) / 100);
}

export type PayButton =
  | { ready: false; key: 'payment_choose_method' }
  | { ready: true; key: 'payment_confirm_pay'; amount: string };

/** §2.6: "choose a payment method" until both a plan and a method are chosen, then "confirm and pay ¥cost". */
export function payButton(chosen: Chosen): PayButton {
  if (!chosen.plan || !chosen.method) return { ready: false, key: 'payment_choose_method' };
  return { ready: true, key: 'payment_confirm_pay', amount: yuanText(costOf(chosen.plan, chosen.ticket)) };
}

/**
 * A ticket page link (`cash_id`) preselects its ticket on the first plan it applies to; a ticket
 * that applies to no plan, or is gone, preselects nothing.
 */
export function preselection(
  cashId: number | null,
  plans: readonly Plan[],
  tickets: readonly Ticket[],
): Selection {
  const ticket = tickets.find((item) => item.id === cashId);
  const plan = ticket && plans.find((item) => ticketApplies(item.price, ticket));
  if (!ticket || !plan) return NOTHING_CHOSEN;
  return { planId: plan.id, methodId: null, ticketId: ticket.id };
}

/** §2.6, §4: the maintenance text (and the alert that goes back) when cash maintenance is on or no plan came. */
export function cashUnavailable(reply: { maintain: boolean; plans: readonly unknown[] }): boolean {
  return reply.maintain || reply.plans.length === 0;
}

// ── What the page was opened with ────────────────────────────────────────────

export interface BuyContext {
  source?: string;
  videoId?: string;
  cashId: number | null;
  /** The play page the purchase started from (`video_id` and the player's `type`), for 开始观看. */
  returnTo?: string;
}

/**
 * `source`, `video_id` (or the route table's `avkey`) and `cash_id` from the page's query. Values
 * the server would refuse are dropped, so a bad link never turns into a refused purchase.
 */
export function buyContextOf(query: URLSearchParams): BuyContext {
  const source = query.get('source') ?? '';
  const videoId = query.get('video_id') || query.get('avkey') || '';
  const cashId = query.get('cash_id') ?? '';
  const validVideo = /^[A-Za-z0-9_-]{1,64}$/.test(videoId) ? videoId : undefined;
  const type = query.get('type') === 'short' ? 'short' : 'long';
  return {
    source: /^[A-Za-z0-9_.:/-]{1,64}$/.test(source) ? source : undefined,
    videoId: validVideo,
    cashId: /^[1-9][0-9]{0,14}$/.test(cashId) ? Number(cashId) : null,
    returnTo: validVideo ? `/${type}/play/${validVideo}` : undefined,
  };
}

// ── Buy replies (§8) ─────────────────────────────────────────────────────────

export type BuyOutcome =
  /** 200: the order exists; the gateway link comes next. */
  | 'paying'
  /** 401: the single notice (one order request a minute). */
  | 'single'
  /** 402: the busy notice (channel busy, try another). */
  | 'busy'
  /** 500, 501, 502: the error notice (retry). */
  | 'error'
  /** Cash maintenance began since the page loaded: its alert, then back. */
  | 'maintenance'
  /** The chosen ticket was spent, expired or does not fit: its message; the list is read again. */
  | 'ticket'
  /** Anything else the server says (plan gone, sale level changed): its message. */
  | 'message'
  /** An ended session or a blocked region: the shell already tells the user. */
  | 'shell';

export function buyOutcome(code: number, message: string): BuyOutcome {
  if (code === Status.ok) return 'paying';
  if (sessionEndedCodes.includes(code as StatusCode) || code === Status.regionBlocked) return 'shell';
  if (message === 'cash_maintain') return 'maintenance';
  if (message.startsWith('ticket_')) return 'ticket';
  if (code === Status.invalid) return 'single';
  if (code === Status.conflict) return 'busy';
  if (code === Status.serverError || code === Status.providerError || code === Status.providerUnavailable)
    return 'error';
  return 'message';
}

// ── Sale page ────────────────────────────────────────────────────────────────

/** The offer's countdown: 15 minutes from the first visit to a level's sale page. */
export const SALE_COUNTDOWN_MS = 15 * 60_000;
/** A visit a day after the last countdown began starts a new one. */
export const SALE_COUNTDOWN_RENEW_MS = 24 * 60 * 60_000;
/** §2.6: levels A, B and C link back to the regular plans. */
export const LEVELS_LINKING_PLANS: readonly PromotionLevel[] = ['A', 'B', 'C'];

export function promotionLevelOf(param: string | undefined): PromotionLevel | undefined {
  const level = (param ?? '').toUpperCase();
  return (PROMOTION_LEVELS as readonly string[]).includes(level) ? (level as PromotionLevel) : undefined;
}

/** When the countdown began: the stored start while it is under a day old, else now. */
export function saleCountdownStart(stored: number | undefined, now: number): number {
  if (stored === undefined || !Number.isFinite(stored) || stored > now) return now;
  return now - stored >= SALE_COUNTDOWN_RENEW_MS ? now : stored;
}

/** Whole seconds left, never below zero; at zero the remain display hides. */
export function saleSecondsLeft(start: number, now: number): number {
  return Math.max(0, Math.ceil((start + SALE_COUNTDOWN_MS - now) / 1000));
}

/** mm:ss for the countdown. */
export function minutesSeconds(seconds: number): { minutes: string; seconds: string } {
  const pad = (value: number) => String(value).padStart(2, '0');
  return { minutes: pad(Math.floor(seconds / 60)), seconds: pad(seconds % 60) };
}

// ── Orders ───────────────────────────────────────────────────────────────────

/** §2.6: auto-renew reads yes only when the order's status is 1. */
export function autoRenews(order: { status: number }): boolean {
  return order.status === 1;
}

/** A history row's create time: formatDate's date and hh:mm, in the viewer's time zone. */
export function dateTimeText(epochSeconds: number): string {
  const date = new Date(epochSeconds * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${formatDate(epochSeconds)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The old page's plans when the account names none (part 2 §7.3). */
export const OLD_PLANS_PATH = '/v1/shop/api/2';

/**
 * The old page's plan path from the account's `shop_link` (part 2 §7.3): an old-shop API path
 * (`/v1/shop/api/{n}`), given alone or as a full address. Only the path is kept, asked of the app's
 * own API line (the call carries the token); anything else falls back to `/v1/shop/api/2`.
 */
export function oldPlansPath(shopLink: string | undefined): string {
  let path = shopLink ?? '';
  try {
    path = new URL(path, 'http://line.invalid').pathname;
  } catch {
    return OLD_PLANS_PATH;
  }
  return /^\/v1\/shop\/api\/\d{1,4}$/.test(path) ? path : OLD_PLANS_PATH;
}
