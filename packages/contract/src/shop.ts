import { z } from 'zod';
import { PAYMENT_WINDOW_S, PROMOTION_LEVELS } from './constants.ts';
import { TokenParamSchema } from './startup.ts';
import { replySchema } from './status.ts';
import { VideoIdSchema } from './videos.ts';

/**
 * VIP purchase (part 2 §2.6, §3, §4, §7.3, §8): plans with their payment groups, the sale plan of a
 * promotion level, buy, and the caller's orders. Money is integer cents in the database and in every
 * server-side sum; the wire carries yuan (cents / 100) because the screens show yuan, like the
 * ticket list does. The server's cost is the one charged.
 */

/** The payment groups the plans offer, in the order the payment page lists them. */
export const PAY_TYPES = ['alipay', 'wechat', 'unionpay'] as const;
export type PayType = (typeof PAY_TYPES)[number];
export const PayTypeSchema = z.enum(PAY_TYPES);

export { orderCostCents, yuanOf } from './money.ts';

/** Ids the shop calls take: positive integers that fit the database's integer column. */
const MAX_INT4 = 2_147_483_647;
export const ShopIdSchema = z
  .string()
  .regex(/^[0-9]{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(MAX_INT4));
/** A held ticket's id (`cash_id`) is a bigserial: still a positive integer, up to 15 digits. */
export const HeldTicketIdSchema = z
  .string()
  .regex(/^[0-9]{1,15}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER));

/** An empty query value (`cash_id=` when no ticket is chosen) reads as absent. */
function optionalQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

export const PaymentChannelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  detail_name: z.string(),
});
export const PaymentGroupSchema = z.object({
  pay_type: PayTypeSchema,
  payments: z.array(PaymentChannelSchema),
});
export type PaymentGroup = z.infer<typeof PaymentGroupSchema>;

/** A plan (§3). Prices in yuan; `average` is the price per day; `bonus_days` is 0 but on sale plans. */
export const PlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  original_price: z.number(),
  slogan: z.string(),
  tag: z.string(),
  tag_color: z.string(),
  color: z.string(),
  average: z.number(),
  days: z.number().int(),
  bonus_days: z.number().int(),
  payments: z.array(PaymentGroupSchema),
  cash_title: z.string(),
});
export type Plan = z.infer<typeof PlanSchema>;

/**
 * `GET /v2/shop/api`: the regular plans. With cash maintenance on, `plan2` is empty and `maintain`
 * true (message `cash_maintain`); the page shows its maintenance text either way an empty list comes.
 */
export const ShopReplySchema = replySchema(z.object({ plan2: z.array(PlanSchema), maintain: z.boolean() }));
/** `GET /v1/shop/api/2`: the old payment page's plans, the same objects. */
export const OldShopReplySchema = replySchema(
  z.object({ plans: z.array(PlanSchema), maintain: z.boolean() }),
);

/** `GET /v1/shop/levelapi/{level}`: the one sale plan of a promotion level (A–F, any case). */
export const LevelParamsSchema = z.object({
  level: z.preprocess(
    (value) => (typeof value === 'string' ? value.toUpperCase() : value),
    z.enum(PROMOTION_LEVELS),
  ),
});
export const LevelPlanReplySchema = replySchema(
  z.object({
    level: z.enum(PROMOTION_LEVELS),
    bonus_days: z.number().int(),
    plan2: z.array(PlanSchema),
    maintain: z.boolean(),
  }),
);

/** Where a purchase began (the player, a pop-up …): kept on the order for the operator. */
const SourceSchema = z
  .string()
  .max(64)
  .regex(/^[A-Za-z0-9_.:/-]*$/);

/** `GET /v2/shop/buy`: plan, payment (a channel id of the plan's groups), optional ticket (`cash_id`). */
export const BuyQuerySchema = TokenParamSchema.extend({
  plan: ShopIdSchema,
  payment: ShopIdSchema,
  cash_id: optionalQuery(HeldTicketIdSchema),
  source: optionalQuery(SourceSchema),
  video_id: optionalQuery(VideoIdSchema),
});
export type BuyQuery = z.infer<typeof BuyQuerySchema>;
/** `url` is the gateway's checkout address, opened in a new tab; `price` is what it charges, in yuan. */
export const BuyReplySchema = replySchema(
  z.object({ url: z.string(), order_id: z.string(), price: z.number(), pay_seconds: z.number().int() }),
);
/** The payment window the notice states (§9); the order itself stays payable after it. */
export const BUY_PAY_SECONDS = PAYMENT_WINDOW_S;

/** `GET /v1/shop/buy`: the old page's link, with the method as a pay type; it redirects to the gateway. */
export const OldBuyQuerySchema = TokenParamSchema.extend({
  plan: ShopIdSchema,
  payment: PayTypeSchema,
  source: optionalQuery(SourceSchema),
  video_id: optionalQuery(VideoIdSchema),
});

/**
 * An order as the orders page shows it (§2.6): `active` while the VIP it bought runs, times in epoch
 * seconds, `status` 1 for auto-renew (never, here: every purchase is one payment), `method` the
 * payment method's name, `price` what was paid in yuan (a ticket's price taken off).
 */
export const OrderSchema = z.object({
  order_id: z.string(),
  name: z.string(),
  active: z.boolean(),
  create_time: z.number().int(),
  expire_time: z.number().int(),
  status: z.number().int(),
  method: z.string(),
  price: z.number(),
  /** The operator refunded it and took its VIP days back (console, issue 23 §3). */
  refunded: z.boolean(),
});
export type Order = z.infer<typeof OrderSchema>;
/** `POST /v1/shop/current`: the newest paid order, or null before the first purchase. */
export const CurrentOrderReplySchema = replySchema(z.object({ order: OrderSchema.nullable() }));
/** `POST /v1/shop/history`: paid orders, newest first. */
export const OrderHistoryReplySchema = replySchema(z.object({ orders: z.array(OrderSchema) }));
export const ORDER_HISTORY_MAX = 100;

/**
 * `GET /v2/shop/order/{order_id}`: where the caller's order stands, watched by the app after it
 * opened the gateway (§4: VIP within 5 minutes). `pending` until the gateway's notify pays it;
 * `failed` when the provider could not take it; `vip_until` (epoch seconds, 0 before paid) is the
 * expiry it bought; `refunded` after an operator refunded it. Another account's order or an unknown
 * one is 404 `order_not_found`.
 */
export const ORDER_STATES = ['pending', 'paid', 'failed', 'refunded'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const OrderParamsSchema = z.object({ order_id: z.string().regex(/^[0-9a-z]{1,40}$/) });
export const OrderStateSchema = z.object({
  order_id: z.string(),
  state: z.enum(ORDER_STATES),
  vip_until: z.number().int(),
});
export type OrderStateView = z.infer<typeof OrderStateSchema>;
export const OrderStateReplySchema = replySchema(OrderStateSchema);

/** Every `status.message` the shop calls answer with, so the web catalogue can carry them all. */
export const SHOP_MESSAGE_KEYS = [
  'ok',
  'invalid_input',
  'cash_maintain',
  'order_too_frequent',
  'channel_busy',
  'plan_not_found',
  'channel_not_found',
  'ticket_not_found',
  'ticket_unavailable',
  'ticket_below_limit',
  'order_not_found',
  'sale_level_mismatch',
  'server_error',
  'provider_error',
  'provider_unavailable',
  'token_missing',
  'session_expired',
  'logged_other_device',
  'location_error',
] as const;
export type ShopMessageKey = (typeof SHOP_MESSAGE_KEYS)[number];
