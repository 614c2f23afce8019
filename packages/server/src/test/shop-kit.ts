import { signedParams } from '../adapters/payment-gateway.ts';
import type { Db } from '../platform/db/database.ts';

/** The merchant account the shop tests run the server with, so they can sign notifies as the gateway. */
export const TEST_PAYMENT = { PAYMENT_PID: '1000', PAYMENT_KEY: 'test-merchant-key' } as const;

/** The signed parameters of a gateway's notify for an order (what the EPay gateway sends). */
export function gatewayNotify(
  order: { out_trade_no: string; money: string },
  change: Record<string, string> = {},
  key: string = TEST_PAYMENT.PAYMENT_KEY,
): Record<string, string> {
  return signedParams(
    {
      pid: TEST_PAYMENT.PAYMENT_PID,
      trade_no: `T${order.out_trade_no}`,
      out_trade_no: order.out_trade_no,
      type: 'alipay',
      name: 'VIP',
      money: order.money,
      trade_status: 'TRADE_SUCCESS',
      ...change,
    },
    key,
  );
}

/** The query a buy reply's checkout address carries (out_trade_no, money, notify_url …). */
export function checkoutParams(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

/** Everything a purchase can change for one account, to show that a refused call changed nothing. */
export async function moneyState(db: Db, userId: number) {
  const [user, orders, ledger, tickets] = await Promise.all([
    db
      .selectFrom('users')
      .select(['vip_expiry', 'paid_orders', 'points'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('orders')
      .select(['id', 'status', 'paid_at', 'vip_until', 'amount_cents'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('ledger')
      .select(['grant_key', 'vip_days'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('user_tickets')
      .select(['id', 'spent_at', 'spent_order_id'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
  ]);
  return { user, orders, ledger, tickets };
}

/** A ticket of the seeded template `name` given to the account, live for `days` (negative: expired). */
export async function giveTicket(db: Db, userId: number, templateName: string, days = 7): Promise<number> {
  const template = await db
    .selectFrom('ticket_templates')
    .select('id')
    .where('name', '=', templateName)
    .executeTakeFirstOrThrow();
  const row = await db
    .insertInto('user_tickets')
    .values({
      user_id: userId,
      template_id: template.id,
      expires_at: new Date(Date.now() + days * 86_400_000),
      grant_key: `test_ticket:${userId}:${templateName}:${Math.random()}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
