import type { OrderListQuery } from '@app/contract/console/money';
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';

// ---- plans, payment methods, ticket templates ------------------------------------------------------

const PLAN_COLUMNS = [
  'id',
  'name',
  'name_tw',
  'price_cents',
  'original_price_cents',
  'days',
  'bonus_days',
  'sale_level',
  'enabled',
  'sort',
  'slogan',
  'slogan_tw',
  'tag',
  'tag_tw',
  'tag_color',
  'color',
  'cash_title',
] as const;

/** Every plan, regular ones first, each group in the payment page's order. */
export function allPlans(db: Db) {
  return db
    .selectFrom('plans')
    .select(PLAN_COLUMNS)
    .orderBy(sql`sale_level is not null`)
    .orderBy('sale_level')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** One plan, locked until the transaction ends (two operators' edits take turns). */
export function lockPlan(db: Db, id: number) {
  return db.selectFrom('plans').select(PLAN_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertPlan(db: Db, plan: Insertable<Database['plans']>) {
  return db.insertInto('plans').values(plan).returning(PLAN_COLUMNS).executeTakeFirstOrThrow();
}

export function updatePlan(db: Db, id: number, plan: Updateable<Database['plans']>) {
  return db
    .updateTable('plans')
    .set(plan)
    .where('id', '=', id)
    .returning(PLAN_COLUMNS)
    .executeTakeFirstOrThrow();
}

const CHANNEL_COLUMNS = [
  'id',
  'pay_type',
  'name',
  'name_tw',
  'detail_name',
  'detail_name_tw',
  'enabled',
  'sort',
] as const;

export function allChannels(db: Db) {
  return db.selectFrom('payment_channels').select(CHANNEL_COLUMNS).orderBy('sort').orderBy('id').execute();
}

export function lockChannel(db: Db, id: number) {
  return db
    .selectFrom('payment_channels')
    .select(CHANNEL_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function insertChannel(db: Db, channel: Insertable<Database['payment_channels']>) {
  return db
    .insertInto('payment_channels')
    .values(channel)
    .returning(CHANNEL_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateChannel(db: Db, id: number, channel: Updateable<Database['payment_channels']>) {
  return db
    .updateTable('payment_channels')
    .set(channel)
    .where('id', '=', id)
    .returning(CHANNEL_COLUMNS)
    .executeTakeFirstOrThrow();
}

const TEMPLATE_COLUMNS = [
  'id',
  'name',
  'name_tw',
  'slogan',
  'slogan_tw',
  'price_cents',
  'limit_price_cents',
  'valid_days',
] as const;

/** Every ticket template with how many tickets of it were given and spent (one grouped read). */
export function allTicketTemplates(db: Db) {
  return db
    .selectFrom('ticket_templates as t')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('user_tickets')
          .select((inner) => [
            'template_id',
            inner.fn.countAll<string>().as('granted'),
            inner.fn.count<string>('spent_at').as('spent'),
          ])
          .groupBy('template_id')
          .as('u'),
      (join) => join.onRef('u.template_id', '=', 't.id'),
    )
    .select(TEMPLATE_COLUMNS.map((column) => `t.${column}` as const))
    .select((eb) => [
      eb.fn.coalesce('u.granted', sql<string>`0`).as('granted'),
      eb.fn.coalesce('u.spent', sql<string>`0`).as('spent'),
    ])
    .orderBy('t.id')
    .execute();
}

export function lockTicketTemplate(db: Db, id: number) {
  return db
    .selectFrom('ticket_templates')
    .select(TEMPLATE_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function insertTicketTemplate(db: Db, template: Insertable<Database['ticket_templates']>) {
  return db
    .insertInto('ticket_templates')
    .values(template)
    .returning(TEMPLATE_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function updateTicketTemplate(db: Db, id: number, template: Updateable<Database['ticket_templates']>) {
  return db
    .updateTable('ticket_templates')
    .set(template)
    .where('id', '=', id)
    .returning(TEMPLATE_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function userExists(db: Db, userId: number) {
  return db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
}

/** New tickets under their grant keys; a key used before gives nothing (the form was sent twice). */
export async function insertTickets(
  db: Db,
  tickets: { user_id: number; template_id: number; expires_at: Date; grant_key: string }[],
) {
  return db
    .insertInto('user_tickets')
    .values(tickets)
    .onConflict((oc) => oc.column('grant_key').doNothing())
    .returning(['id', 'expires_at'])
    .execute();
}

export function ticketsByKeys(db: Db, userId: number, keys: string[]) {
  return db
    .selectFrom('user_tickets')
    .select(['id', 'expires_at', 'template_id'])
    .where('user_id', '=', userId)
    .where('grant_key', 'in', keys)
    .orderBy('id')
    .execute();
}

// ---- orders ------------------------------------------------------------------------------------------

const ORDER_COLUMNS = [
  'o.id',
  'o.out_trade_no',
  'o.gateway_trade_no',
  'o.user_id',
  'o.plan_id',
  'o.name',
  'o.name_tw',
  'o.method',
  'o.method_tw',
  'o.pay_type',
  'o.price_cents',
  'o.discount_cents',
  'o.amount_cents',
  'o.days',
  'o.bonus_days',
  'o.status',
  'o.source',
  'o.created_at',
  'o.paid_at',
  'o.vip_until',
  'o.refunded_at',
  'o.refund_reason',
] as const;

export type OrderRow = Awaited<ReturnType<typeof findOrder>> & {};

/**
 * The instant the business day `days` after `day` (YYYY-MM-DD) begins: days start at `resetHour` in
 * `timeZone`, counted on the calendar so a daylight-saving change neither skips nor repeats one.
 */
function dayStart(day: string, zone: { timeZone: string; resetHour: number }, days = 0) {
  return sql<Date>`((${day}::date + ${days}::int + ${zone.resetHour}::int * interval '1 hour')::timestamp at time zone ${zone.timeZone})`;
}

type OrdersFrom = ReturnType<typeof ordersFrom>;
const ordersFrom = (db: Db) => db.selectFrom('orders as o');

/**
 * Orders for the console's list: the filters the operator gave (buyer, order number, status,
 * business days of creation), one page in the chosen order, and the total they match.
 * Each filter has an index: orders_user_created, out_trade_no (unique), orders_gateway_trade_no,
 * orders_status_created, orders_created (migration 019). By time of payment, see `byPayment`.
 */
export async function listOrders(
  db: Db,
  query: OrderListQuery & { userIds?: number[] },
  zone: { timeZone: string; resetHour: number },
) {
  let base = ordersFrom(db);
  if (query.userIds) base = base.where('o.user_id', 'in', query.userIds.length ? query.userIds : [0]);
  if (query.order_no) {
    const number = query.order_no;
    base = base.where((eb) =>
      eb.or([eb('o.out_trade_no', '=', number), eb('o.gateway_trade_no', '=', number)]),
    );
  }
  if (query.status) base = base.where('o.status', '=', query.status);
  if (query.from) base = base.where('o.created_at', '>=', dayStart(query.from, zone));
  if (query.to) base = base.where('o.created_at', '<', dayStart(query.to, zone, 1));
  if (query.sort === 'paid_at') return byPayment(base, query);
  const sortColumn = `o.${query.sort}` as const;
  const [items, count] = await Promise.all([
    base
      .select(ORDER_COLUMNS)
      // The sort columns are never null here, and a plain direction keeps the indexes usable.
      .orderBy(sortColumn, query.order)
      .orderBy('o.id', query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.total) };
}

/**
 * The list by time of payment, unpaid orders (no paid_at) last either way: the paid ones walk the
 * partial index orders_paid (paid_at, id) from either end (migration 025), which one statement
 * over paid and unpaid together could not use; the unpaid ones follow by id, read only once the
 * page runs past the paid ones.
 */
async function byPayment(base: OrdersFrom, query: OrderListQuery) {
  const offset = (query.page - 1) * query.pageSize;
  const [paid, count] = await Promise.all([
    base
      .select(ORDER_COLUMNS)
      .where('o.paid_at', 'is not', null)
      .orderBy('o.paid_at', query.order)
      .orderBy('o.id', query.order)
      .limit(query.pageSize)
      .offset(offset)
      .execute(),
    base
      .select((eb) => [eb.fn.countAll<string>().as('total'), eb.fn.count<string>('o.paid_at').as('paid')])
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.total);
  const paidTotal = Number(count.paid);
  if (paid.length === query.pageSize || total === paidTotal) return { items: paid, total };
  const unpaid = await base
    .select(ORDER_COLUMNS)
    .where('o.paid_at', 'is', null)
    .orderBy('o.id', query.order)
    .limit(query.pageSize - paid.length)
    .offset(Math.max(0, offset - paidTotal))
    .execute();
  return { items: [...paid, ...unpaid], total };
}

/** Accounts an operator's search names: an id, an e-mail address or a phone number, exactly. */
export async function usersMatching(db: Db, search: string): Promise<number[]> {
  const byId = /^\d{1,15}$/.test(search) ? Number(search) : undefined;
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        ...(byId !== undefined ? [eb('id', '=', byId)] : []),
        eb('email', '=', search.toLowerCase()),
        eb('phone', '=', search),
      ]),
    )
    .limit(10)
    .execute();
  return rows.map((row) => row.id);
}

export function findOrder(db: Db, id: number) {
  return db.selectFrom('orders as o').select(ORDER_COLUMNS).where('o.id', '=', id).executeTakeFirst();
}

/** The order, locked until the transaction ends: two refunds of one order take turns. */
export function lockOrder(db: Db, id: number) {
  return db
    .selectFrom('orders as o')
    .select([...ORDER_COLUMNS, 'o.ticket_id'])
    .where('o.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function notificationsOf(db: Db, orderId: number) {
  return db
    .selectFrom('payment_notifications')
    .select(['id', 'received_at', 'params', 'answer_status', 'answer', 'applied'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

export function vipExpiryOf(db: Db, userId: number) {
  return db.selectFrom('users').select('vip_expiry').where('id', '=', userId).executeTakeFirst();
}

/** The buyer's row, locked: a refund and a payment or grant of the same account take turns. */
export function lockUser(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'vip_expiry', 'paid_orders'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** A refunded purchase no longer counts toward the account's promotion level. */
export async function uncountPaidOrder(db: Db, userId: number) {
  await db
    .updateTable('users')
    .set({ paid_orders: sql<number>`greatest(paid_orders - 1, 0)` })
    .where('id', '=', userId)
    .execute();
}

export function markRefunded(
  db: Db,
  orderId: number,
  refund: { at: Date; reason: string; operatorId: number },
) {
  return db
    .updateTable('orders as o')
    .set({
      status: 'refunded',
      refunded_at: refund.at,
      refund_reason: refund.reason,
      refunded_by: refund.operatorId,
    })
    .where('o.id', '=', orderId)
    .where('o.status', '=', 'paid')
    .returning(ORDER_COLUMNS)
    .executeTakeFirst();
}

/** The ticket the refunded order spent is the buyer's again while it has not expired. */
export async function returnTicket(db: Db, orderId: number, now: Date) {
  await db
    .updateTable('user_tickets')
    .set({ spent_at: null, spent_order_id: null })
    .where('spent_order_id', '=', orderId)
    .where('expires_at', '>', now)
    .execute();
}

// ---- revenue export -------------------------------------------------------------------------------

export const EXPORT_BATCH = 1000;

/**
 * One batch of the orders paid in [from, to) after the keyset (paid_at, id), walked on
 * orders_paid (migration 025); refunded ones too, with their refund.
 */
export function revenueBatch(
  db: Db,
  range: { from: Date; to: Date },
  after: { paidAt: Date; id: number } | undefined,
  zone: { timeZone: string; resetHour: number },
) {
  let query = db
    .selectFrom('orders as o')
    .select([
      sql<string>`((o.paid_at at time zone ${zone.timeZone}) - ${zone.resetHour}::int * interval '1 hour')::date::text`.as(
        'business_day',
      ),
      'o.id',
      'o.paid_at',
      'o.out_trade_no',
      'o.gateway_trade_no',
      'o.user_id',
      'o.name',
      'o.name_tw',
      'o.method',
      'o.method_tw',
      'o.pay_type',
      'o.price_cents',
      'o.discount_cents',
      'o.amount_cents',
      'o.status',
      'o.refunded_at',
    ])
    .where('o.paid_at', 'is not', null)
    .where('o.paid_at', '>=', range.from)
    .where('o.paid_at', '<', range.to)
    .where('o.status', 'in', ['paid', 'refunded']);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('o.paid_at', '>', after.paidAt),
        eb.and([eb('o.paid_at', '=', after.paidAt), eb('o.id', '>', after.id)]),
      ]),
    );
  return query.orderBy('o.paid_at').orderBy('o.id').limit(EXPORT_BATCH).execute();
}

/** The instants a range of business days spans: from the first day's start to the day after the last. */
export async function dayRange(
  db: Db,
  from: string,
  to: string,
  zone: { timeZone: string; resetHour: number },
): Promise<{ from: Date; to: Date }> {
  const { rows } = await sql<{ start: Date; end: Date }>`
    select ${dayStart(from, zone)} as start, ${dayStart(to, zone, 1)} as end`.execute(db);
  return { from: rows[0]!.start, to: rows[0]!.end };
}
