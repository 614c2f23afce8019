import { z } from 'zod';
import { PROMOTION_LEVELS } from '../constants.ts';
import { PAY_TYPES } from '../shop.ts';
import { consoleListReply, ConsoleListQuerySchema, consolePathId } from './list.ts';

/**
 * Operator console, money (issue 23 §3): plans, payment methods, discount-ticket templates and
 * grants, orders with their gateway notifications and refunds, and the revenue export. Every amount
 * is integer cents (the console shows yuan); times are ISO strings; days of the export and of the
 * order filters are business days in TZ_BUSINESS (YYYY-MM-DD).
 */

/** The highest price an operator can set: 100,000 yuan (a typo guard, not a business rule). */
export const MONEY_MAX_CENTS = 10_000_000;
/** The longest a plan or a ticket lasts: ten years. */
export const MONEY_MAX_DAYS = 3650;
/** Tickets one grant may give to one account. */
export const TICKET_GRANT_MAX = 10;
/** The widest revenue export, in business days. */
export const REVENUE_EXPORT_MAX_DAYS = 366;

const cents = z.number().int().min(0).max(MONEY_MAX_CENTS);
const positiveCents = z.number().int().min(1).max(MONEY_MAX_CENTS);
const text = (max: number) => z.string().trim().max(max);
const requiredText = (max: number) => z.string().trim().min(1, { message: 'required' }).max(max);
/** An optional Traditional text: empty means "convert the Simplified one". */
const traditional = (max: number) => z.string().trim().max(max).nullable().default(null);
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const sortKey = z.number().int().min(0).max(9999);
/** YYYY-MM-DD, a real date. */
export const BusinessDaySchema = z.iso.date();

export const MoneyIdParamsSchema = z.object({ id: consolePathId() });

// ---- plans -------------------------------------------------------------------------------------

export const PlanInputSchema = z
  .object({
    name: requiredText(40),
    name_tw: traditional(40),
    price_cents: positiveCents,
    original_price_cents: cents,
    days: z.number().int().min(1).max(MONEY_MAX_DAYS),
    bonus_days: z.number().int().min(0).max(MONEY_MAX_DAYS),
    sale_level: z.enum(PROMOTION_LEVELS).nullable(),
    enabled: z.boolean(),
    sort: sortKey,
    slogan: text(60),
    slogan_tw: traditional(60),
    tag: text(20),
    tag_tw: traditional(20),
    tag_color: colour,
    color: colour,
    cash_title: text(40),
  })
  .strict();
export type PlanInput = z.infer<typeof PlanInputSchema>;
export const ConsolePlanSchema = PlanInputSchema.extend({
  id: z.number().int(),
  name_tw: z.string().nullable(),
  slogan_tw: z.string().nullable(),
  tag_tw: z.string().nullable(),
});
export type ConsolePlan = z.infer<typeof ConsolePlanSchema>;
export const ConsolePlansReplySchema = consoleListReply(ConsolePlanSchema);

// ---- payment methods ---------------------------------------------------------------------------

export const ChannelInputSchema = z
  .object({
    pay_type: z.enum(PAY_TYPES),
    name: requiredText(30),
    name_tw: traditional(30),
    detail_name: text(60),
    detail_name_tw: traditional(60),
    enabled: z.boolean(),
    sort: sortKey,
  })
  .strict();
export type ChannelInput = z.infer<typeof ChannelInputSchema>;
export const ConsoleChannelSchema = ChannelInputSchema.extend({
  id: z.number().int(),
  name_tw: z.string().nullable(),
  detail_name_tw: z.string().nullable(),
});
export type ConsoleChannel = z.infer<typeof ConsoleChannelSchema>;
export const ConsoleChannelsReplySchema = consoleListReply(ConsoleChannelSchema);

// ---- discount-ticket templates and grants -------------------------------------------------------

export const TicketTemplateInputSchema = z
  .object({
    name: requiredText(30),
    name_tw: traditional(30),
    slogan: text(60),
    slogan_tw: traditional(60),
    price_cents: positiveCents,
    limit_price_cents: cents,
    valid_days: z.number().int().min(1).max(MONEY_MAX_DAYS),
  })
  .strict();
export type TicketTemplateInput = z.infer<typeof TicketTemplateInputSchema>;
export const ConsoleTicketTemplateSchema = TicketTemplateInputSchema.extend({
  id: z.number().int(),
  name_tw: z.string().nullable(),
  slogan_tw: z.string().nullable(),
  /** Tickets of this template given so far, and how many of those were spent. */
  granted: z.number().int(),
  spent: z.number().int(),
});
export type ConsoleTicketTemplate = z.infer<typeof ConsoleTicketTemplateSchema>;
export const ConsoleTicketTemplatesReplySchema = consoleListReply(ConsoleTicketTemplateSchema);

/**
 * Tickets given to one account. `request_id` is made once per form: a second submit of the same
 * form (a double click, a retry after a lost reply) gives nothing more and answers the same tickets.
 */
export const TicketGrantInputSchema = z
  .object({
    user_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    template_id: z
      .number()
      .int()
      .min(1)
      .max(2 ** 31 - 1),
    count: z.number().int().min(1).max(TICKET_GRANT_MAX),
    request_id: z.uuid(),
  })
  .strict();
export type TicketGrantInput = z.infer<typeof TicketGrantInputSchema>;
export const TicketGrantReplySchema = z.object({
  tickets: z.array(z.object({ id: z.number().int(), expires_at: z.string() })),
});

// ---- orders ------------------------------------------------------------------------------------

export const CONSOLE_ORDER_STATES = ['pending', 'paid', 'failed', 'refunded'] as const;
export const ORDER_SORTS = ['created_at', 'paid_at', 'amount_cents', 'id'] as const;

export const OrderListQuerySchema = ConsoleListQuerySchema.extend({
  sort: z.enum(ORDER_SORTS).default('created_at'),
  /** The buyer: an account id, e-mail or phone number, matched exactly. */
  user: z.string().trim().min(1).max(100).optional(),
  /** Our order number or the gateway's, matched exactly. */
  order_no: z.string().trim().min(1).max(64).optional(),
  status: z.enum(CONSOLE_ORDER_STATES).optional(),
  /** Made on or after this business day, and on or before `to`. */
  from: BusinessDaySchema.optional(),
  to: BusinessDaySchema.optional(),
});
export type OrderListQuery = z.infer<typeof OrderListQuerySchema>;

export const ConsoleOrderSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  gateway_trade_no: z.string().nullable(),
  user_id: z.number().int(),
  plan_id: z.number().int(),
  name: z.string(),
  /** The plan's and payment method's Traditional words, as the buyer saw them (null: convert `name`). */
  name_tw: z.string().nullable(),
  method: z.string(),
  method_tw: z.string().nullable(),
  pay_type: z.string(),
  price_cents: z.number().int(),
  discount_cents: z.number().int(),
  amount_cents: z.number().int(),
  days: z.number().int(),
  bonus_days: z.number().int(),
  status: z.enum(CONSOLE_ORDER_STATES),
  source: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  vip_until: z.string().nullable(),
  refunded_at: z.string().nullable(),
  refund_reason: z.string().nullable(),
});
export type ConsoleOrder = z.infer<typeof ConsoleOrderSchema>;
export const ConsoleOrdersReplySchema = consoleListReply(ConsoleOrderSchema);

export const PaymentNotificationSchema = z.object({
  id: z.number().int(),
  received_at: z.string(),
  params: z.record(z.string(), z.string()),
  answer_status: z.number().int(),
  answer: z.string(),
  applied: z.boolean(),
});
export type PaymentNotification = z.infer<typeof PaymentNotificationSchema>;
export const ConsoleOrderDetailSchema = z.object({
  order: ConsoleOrderSchema,
  notifications: z.array(PaymentNotificationSchema),
  /** The buyer's VIP expiry now (null: never VIP). */
  user_vip_expiry: z.string().nullable(),
});
export type ConsoleOrderDetail = z.infer<typeof ConsoleOrderDetailSchema>;

export const RefundInputSchema = z.object({ reason: requiredText(200) }).strict();
export type RefundInput = z.infer<typeof RefundInputSchema>;
export const RefundReplySchema = z.object({
  order: ConsoleOrderSchema,
  /** VIP days taken from the account (fewer than the order gave when its VIP had partly run out). */
  vip_days_removed: z.number().int(),
  user_vip_expiry: z.string().nullable(),
});
export type RefundReply = z.infer<typeof RefundReplySchema>;

// ---- revenue export ----------------------------------------------------------------------------

export const RevenueExportQuerySchema = z
  .object({
    from: BusinessDaySchema,
    to: BusinessDaySchema,
    /** The console's language: the header row's words and the plan and method names (default cn). */
    locale: z.enum(['cn', 'tw']).optional(),
  })
  .refine((range) => range.from <= range.to, { path: ['to'], message: 'range_reversed' })
  .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 < REVENUE_EXPORT_MAX_DAYS, {
    path: ['to'],
    message: 'range_too_long',
  });
export type RevenueExportQuery = z.infer<typeof RevenueExportQuerySchema>;
/** The export's columns, in order (the header row). */
export const REVENUE_CSV_COLUMNS = [
  'business_day',
  'paid_at',
  'order_no',
  'gateway_trade_no',
  'user_id',
  'plan',
  'method',
  'pay_type',
  'price_yuan',
  'discount_yuan',
  'amount_yuan',
  'status',
  'refunded_at',
  'refund_yuan',
  'net_yuan',
] as const;

/**
 * The header row in the console's language. Times (`paid_at`, `refunded_at`) are written in
 * TZ_BUSINESS with its offset, and the header names the zone: `支付时间 (Asia/Shanghai)`.
 */
export const REVENUE_CSV_HEADERS: Record<(typeof REVENUE_CSV_COLUMNS)[number], { cn: string; tw: string }> = {
  business_day: { cn: '营业日', tw: '營業日' },
  paid_at: { cn: '支付时间', tw: '付款時間' },
  order_no: { cn: '订单号', tw: '訂單編號' },
  gateway_trade_no: { cn: '支付平台单号', tw: '金流單號' },
  user_id: { cn: '用户 ID', tw: '使用者 ID' },
  plan: { cn: '套餐', tw: '方案' },
  method: { cn: '支付方式', tw: '付款方式' },
  pay_type: { cn: '支付类型', tw: '付款類型' },
  price_yuan: { cn: '原价（元）', tw: '原價（元）' },
  discount_yuan: { cn: '优惠（元）', tw: '折扣（元）' },
  amount_yuan: { cn: '实付（元）', tw: '實付（元）' },
  status: { cn: '状态', tw: '狀態' },
  refunded_at: { cn: '退款时间', tw: '退款時間' },
  refund_yuan: { cn: '退款（元）', tw: '退款（元）' },
  net_yuan: { cn: '净收入（元）', tw: '淨收入（元）' },
};
/** The columns whose values are instants (written in TZ_BUSINESS, the zone named in the header). */
export const REVENUE_CSV_TIME_COLUMNS = ['paid_at', 'refunded_at'] as const;
/** The order states as the export writes them. */
export const ORDER_STATE_WORDS: Record<(typeof CONSOLE_ORDER_STATES)[number], { cn: string; tw: string }> = {
  pending: { cn: '待支付', tw: '待付款' },
  paid: { cn: '已支付', tw: '已付款' },
  failed: { cn: '支付失败', tw: '付款失敗' },
  refunded: { cn: '已退款', tw: '已退款' },
};

/** Cents as yuan text with two decimals, from the integer (never through a float): -1250 → "-12.50". */
export function centsAsYuan(amountCents: number): string {
  const sign = amountCents < 0 ? '-' : '';
  const abs = Math.abs(amountCents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
