import { sql, type Insertable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';

const PLAN_COLUMNS = [
  'id',
  'name',
  'name_tw',
  'price_cents',
  'original_price_cents',
  'slogan',
  'slogan_tw',
  'tag',
  'tag_tw',
  'tag_color',
  'color',
  'days',
  'sale_level',
  'cash_title',
  'bonus_days',
] as const;

/** Regular plans (no sale level) the operator has on, in the operator's order. */
export function regularPlans(db: Db) {
  return db
    .selectFrom('plans')
    .select(PLAN_COLUMNS)
    .where('sale_level', 'is', null)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The sale plan of a promotion level (the first, should the operator have made several). */
export function salePlanOf(db: Db, level: string) {
  return db
    .selectFrom('plans')
    .select(PLAN_COLUMNS)
    .where('sale_level', '=', level)
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** A plan on sale: one the operator switched off is not sold (404 like an unknown one). */
export function findPlan(db: Db, planId: number) {
  return db
    .selectFrom('plans')
    .select(PLAN_COLUMNS)
    .where('id', '=', planId)
    .where('enabled', '=', true)
    .executeTakeFirst();
}

export function enabledChannels(db: Db) {
  return db
    .selectFrom('payment_channels')
    .select(['id', 'pay_type', 'name', 'name_tw', 'detail_name', 'detail_name_tw'])
    .where('enabled', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findChannel(db: Db, channelId: number) {
  return db
    .selectFrom('payment_channels')
    .select(['id', 'pay_type', 'name', 'name_tw', 'enabled'])
    .where('id', '=', channelId)
    .executeTakeFirst();
}

/** The first open channel of a pay type, for the old page, which names only the type. */
export function firstChannelOfType(db: Db, payType: string) {
  return db
    .selectFrom('payment_channels')
    .select(['id'])
    .where('pay_type', '=', payType)
    .orderBy('enabled', 'desc')
    .orderBy('sort')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** The buyer's row, locked: concurrent buys of one account take turns, so the per-minute limit holds. */
export function lockBuyer(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'created_at', 'vip_expiry', 'paid_orders'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** A ticket the user holds, with its template's price and limit. */
export function findHeldTicket(db: Db, userId: number, ticketId: number) {
  return db
    .selectFrom('user_tickets')
    .innerJoin('ticket_templates', 'ticket_templates.id', 'user_tickets.template_id')
    .select([
      'user_tickets.id',
      'user_tickets.expires_at',
      'user_tickets.spent_at',
      'ticket_templates.price_cents',
      'ticket_templates.limit_price_cents',
    ])
    .where('user_tickets.id', '=', ticketId)
    .where('user_tickets.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * The ticket's row, locked until the transaction ends: two buys naming one ticket take turns, so
 * the second sees the order the first made (and the spend of an order paid meanwhile).
 */
export function lockTicket(db: Db, ticketId: number) {
  return db
    .selectFrom('user_tickets')
    .select(['id', 'spent_at'])
    .where('id', '=', ticketId)
    .forUpdate()
    .executeTakeFirst();
}

/** True when a pending order made after `since` (not yet expired) holds the ticket. */
export async function ticketHeldSince(db: Db, ticketId: number, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('ticket_id', '=', ticketId)
    .where('status', '=', 'pending')
    .where('created_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** True when the account made an order (not one the provider failed) since `since`. */
export async function orderedSince(db: Db, userId: number, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .where('status', '<>', 'failed')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type NewOrder = Omit<
  Insertable<Database['orders']>,
  'id' | 'status' | 'paid_at' | 'gateway_trade_no' | 'vip_until'
>;

export async function insertOrder(db: Db, order: NewOrder): Promise<number> {
  const row = await db.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** A provider that failed to start the payment leaves the order failed: it does not count as a request. */
export async function markOrderFailed(db: Db, orderId: number) {
  await db
    .updateTable('orders')
    .set({ status: 'failed' })
    .where('id', '=', orderId)
    .where('status', '=', 'pending')
    .execute();
}

/** The order a notify names, locked until its transaction ends: concurrent notifies take turns. */
export function lockOrderByTradeNo(db: Db, outTradeNo: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'status', 'amount_cents', 'days', 'bonus_days', 'ticket_id'])
    .where('out_trade_no', '=', outTradeNo)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Pays a locked pending order in one statement: the purchase in the ledger under the order's key
 * and, only when that row is new, VIP extended from now or from the current expiry, whichever is
 * later, one more paid order counted (the promotion level is derived from that count), and the
 * order marked paid with the expiry it bought. Undefined when the order was granted before.
 */
export async function payOrder(
  db: Db,
  paid: { orderId: number; userId: number; vipDays: number; now: Date; gatewayTradeNo: string },
): Promise<Date | undefined> {
  const { now, vipDays } = paid;
  const row = await db
    .with('granted', (qb) =>
      qb
        .insertInto('ledger')
        .values({
          user_id: paid.userId,
          kind: 'order',
          vip_days: vipDays,
          grant_key: `order:${paid.orderId}`,
        })
        .onConflict((oc) => oc.column('grant_key').doNothing())
        .returning('user_id'),
    )
    .with('extended', (qb) =>
      qb
        .updateTable('users')
        .from('granted')
        .set({
          vip_expiry: sql<Date>`greatest(coalesce(users.vip_expiry, ${now}::timestamptz), ${now}::timestamptz) + ${vipDays}::int * interval '1 day'`,
          paid_orders: sql<number>`users.paid_orders + 1`,
        })
        .whereRef('users.id', '=', 'granted.user_id')
        .returning('users.vip_expiry'),
    )
    .updateTable('orders')
    .from('extended')
    .set((eb) => ({
      status: 'paid',
      paid_at: now,
      gateway_trade_no: paid.gatewayTradeNo,
      vip_until: eb.ref('extended.vip_expiry'),
    }))
    .where('orders.id', '=', paid.orderId)
    .returning('orders.vip_until')
    .executeTakeFirst();
  return row?.vip_until ?? undefined;
}

/** The ticket is spent by the first paid order that used it. */
export async function spendTicket(db: Db, ticketId: number, orderId: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('user_tickets')
    .set({ spent_at: at, spent_order_id: orderId })
    .where('id', '=', ticketId)
    .where('spent_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Where one of the account's orders stands (another account's reads as none). */
export function orderStateOf(db: Db, userId: number, outTradeNo: string) {
  return db
    .selectFrom('orders')
    .select(['out_trade_no', 'status', 'vip_until'])
    .where('out_trade_no', '=', outTradeNo)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** An account's paid orders (and those refunded since), newest first. */
export function paidOrders(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('orders')
    .select([
      'out_trade_no',
      'name',
      'name_tw',
      'method',
      'method_tw',
      'amount_cents',
      'created_at',
      'vip_until',
      'status',
    ])
    .where('user_id', '=', userId)
    .where('status', 'in', ['paid', 'refunded'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** At most this many notifies are kept per order, so forged ones sent for one order stay few. */
const NOTIFIES_KEPT_PER_ORDER = 50;

/**
 * Keeps a notify that named a known order, with the answer it got, for the console (the params are
 * already bounded by notifyParamsOf; NUL, which jsonb refuses, is dropped).
 */
export async function recordNotification(
  db: Db,
  notice: {
    outTradeNo: string;
    params: Record<string, string>;
    status: number;
    answer: string;
    applied: boolean;
  },
) {
  const params = JSON.stringify(
    Object.fromEntries(
      Object.entries(notice.params).map(([name, value]) => [name, value.replaceAll('\0', '')]),
    ),
  );
  await sql`
    insert into payment_notifications (order_id, params, answer_status, answer, applied)
    select o.id, ${params}::jsonb, ${notice.status}::int, ${notice.answer}, ${notice.applied}
      from orders o
     where o.out_trade_no = ${notice.outTradeNo}
       and (select count(*) from payment_notifications n where n.order_id = o.id) < ${NOTIFIES_KEPT_PER_ORDER}`.execute(
    db,
  );
}
