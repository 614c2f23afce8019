import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { checkoutParams, gatewayNotify, giveTicket, moneyState, TEST_PAYMENT } from '../../test/shop-kit.ts';

/**
 * Money safety of the gateway's notify (ARCHITECTURE "Sessions and money"): only a notify signed
 * with the merchant key, for a known order, the exact amount and the paid status pays it, and it
 * pays it once.
 */
const DAY_MS = 86_400_000;

let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
let monthlyId: number;
let alipay: number;
beforeAll(async () => {
  sut = await buildTestApp({ ...TEST_PAYMENT });
  kit = accountsKit(sut);
  const plan = await sut.db
    .selectFrom('plans')
    .select('id')
    .where('name', '=', '月卡')
    .executeTakeFirstOrThrow();
  monthlyId = plan.id;
  const channel = await sut.db
    .selectFrom('payment_channels')
    .select('id')
    .where('pay_type', '=', 'alipay')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  alipay = channel.id;
});
afterAll(async () => sut.close());

/** A guest with one pending order for the monthly plan (30 yuan, 30 days), optionally with a ticket. */
async function pendingOrder(options: { ticket?: boolean } = {}) {
  const token = await kit.guest();
  const userId = await kit.userIdOf(token);
  const ticket = options.ticket ? await giveTicket(sut.db, userId, '新人立减券') : undefined;
  const reply = await sut.app.inject({
    method: 'GET',
    url: `/v2/shop/buy?token=${token}&plan=${monthlyId}&payment=${alipay}${ticket ? `&cash_id=${ticket}` : ''}`,
  });
  expect(reply.statusCode).toBe(200);
  const params = checkoutParams(reply.json().response.url);
  return { token, userId, order: { out_trade_no: params.out_trade_no!, money: params.money! } };
}

async function notify(params: Record<string, string>, method: 'GET' | 'POST' = 'GET') {
  const query = new URLSearchParams(params).toString();
  const reply =
    method === 'GET'
      ? await sut.app.inject({ method, url: `/pay/notify?${query}` })
      : await sut.app.inject({
          method,
          url: '/pay/notify',
          payload: query,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
  return { status: reply.statusCode, body: reply.body };
}

describe('a verified notify', () => {
  it('pays the order: VIP for the plan’s days, one paid order, the order in the ledger; answered `success`', async () => {
    const { userId, order, token } = await pendingOrder();
    expect((await kit.userInfo(token)).response.userInfo.paid_at).toBe(0); // a pending order is not a payment
    const before = Date.now();
    expect(await notify(gatewayNotify(order))).toEqual({ status: 200, body: 'success' });
    const state = await moneyState(sut.db, userId);
    expect(state.user.paid_orders).toBe(1);
    expect(state.user.vip_expiry!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(state.user.vip_expiry!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    expect(state.orders).toMatchObject([{ status: 'paid', vip_until: state.user.vip_expiry }]);
    expect(state.ledger).toEqual([{ grant_key: `order:${state.orders[0]!.id}`, vip_days: 30 }]);
    const info = (await kit.userInfo(token)).response;
    expect(info.vip).toBe(true);
    expect(info.userInfo.expiry).toBe(Math.floor(state.user.vip_expiry!.getTime() / 1000));
    // When it was paid: the app sells nothing to this VIP for a day.
    expect(info.userInfo.paid_at).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    expect(info.userInfo.paid_at).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
  });

  it('extends from the current expiry when that is later than now', async () => {
    const { userId, order } = await pendingOrder();
    const running = new Date(Date.now() + 10 * DAY_MS);
    await sut.db.updateTable('users').set({ vip_expiry: running }).where('id', '=', userId).execute();
    expect((await notify(gatewayNotify(order))).body).toBe('success');
    const { user } = await moneyState(sut.db, userId);
    expect(user.vip_expiry!.getTime()).toBe(running.getTime() + 30 * DAY_MS);
  });

  it('is also taken as a form POST', async () => {
    const { userId, order } = await pendingOrder();
    expect(await notify(gatewayNotify(order), 'POST')).toEqual({ status: 200, body: 'success' });
    expect((await moneyState(sut.db, userId)).orders[0]!.status).toBe('paid');
  });
});

describe('exactly once', () => {
  it('extends VIP once for 50 identical notifies sent at the same moment, answering each `success`', async () => {
    const { userId, order } = await pendingOrder({ ticket: true });
    const before = Date.now();
    const params = gatewayNotify(order);
    const answers = await Promise.all(Array.from({ length: 50 }, () => notify(params)));
    expect(answers.every((answer) => answer.status === 200 && answer.body === 'success')).toBe(true);
    const state = await moneyState(sut.db, userId);
    expect(state.user.paid_orders).toBe(1);
    expect(state.ledger).toHaveLength(1);
    expect(state.user.vip_expiry!.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
    expect(state.user.vip_expiry!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(state.tickets[0]!.spent_order_id).toBe(state.orders[0]!.id);
  });

  it('ignores a replay after success: `success` again, nothing changed', async () => {
    const { userId, order } = await pendingOrder();
    const params = gatewayNotify(order);
    expect((await notify(params)).body).toBe('success');
    const paid = await moneyState(sut.db, userId);
    // Even a later notify of the same payment under another gateway trade number changes nothing.
    for (const replay of [params, gatewayNotify(order, { trade_no: 'OTHER1' })]) {
      expect(await notify(replay)).toEqual({ status: 200, body: 'success' });
      expect(await moneyState(sut.db, userId)).toEqual(paid);
    }
  });
});

describe('a refused notify changes nothing', () => {
  async function expectRefused(params: Record<string, string>, status: number, userId: number) {
    const before = await moneyState(sut.db, userId);
    const answer = await notify(params);
    expect(answer.status).toBe(status);
    expect(answer.body).not.toBe('success');
    expect(answer.body.startsWith('fail')).toBe(true);
    expect(await moneyState(sut.db, userId)).toEqual(before);
  }

  it('refuses a forged signature', async () => {
    const { userId, order } = await pendingOrder({ ticket: true });
    await expectRefused(gatewayNotify(order, {}, 'guessed-key'), 401, userId);
    const unsigned = gatewayNotify(order);
    delete unsigned.sign;
    await expectRefused(unsigned, 401, userId);
    await expectRefused({ ...gatewayNotify(order), sign: 'A'.repeat(32) }, 401, userId);
    await expectRefused({ ...gatewayNotify(order), sign: 'short' }, 401, userId);
    // Signed for one order, sent for another.
    const other = await pendingOrder();
    await expectRefused({ ...gatewayNotify(other.order), out_trade_no: order.out_trade_no }, 401, userId);
  });

  it('refuses a wrong amount, even one signed with the merchant key', async () => {
    const { userId, order } = await pendingOrder();
    for (const money of ['29.99', '30.01', '3.00', '300.00', '0.30'])
      await expectRefused(gatewayNotify({ ...order, money }), 401, userId);
  });

  it('refuses negative, zero, huge, fractional and non-numeric amounts with 401', async () => {
    const { userId, order } = await pendingOrder();
    const amounts = [
      '-30.00',
      '0',
      '0.00',
      '999999999999.00',
      '1e10',
      '30.001',
      '30.0000',
      'abc',
      '',
      ' 30.00',
      '30,00',
      'NaN',
      'Infinity',
    ];
    for (const money of amounts) await expectRefused(gatewayNotify({ ...order, money }), 401, userId);
  });

  it('refuses malformed order numbers with 401 and an unknown order with 404', async () => {
    const { userId, order } = await pendingOrder();
    for (const out_trade_no of ['-1', '1.5', "1' or '1'='1", 'x'.repeat(65), ''])
      await expectRefused(gatewayNotify({ ...order, out_trade_no }), 401, userId);
    await expectRefused(gatewayNotify({ ...order, out_trade_no: '999999999999' }), 404, userId);
  });

  it('refuses a status other than paid and another merchant’s notify', async () => {
    const { userId, order } = await pendingOrder();
    for (const trade_status of ['WAIT_BUYER_PAY', 'TRADE_CLOSED', 'trade_success', ''])
      await expectRefused(gatewayNotify(order, { trade_status }), 401, userId);
    await expectRefused(gatewayNotify(order, { pid: '1001' }), 401, userId);
  });

  it('refuses repeated, oversized and too many parameters, and an empty notify', async () => {
    const { userId, order } = await pendingOrder();
    const signed = new URLSearchParams(gatewayNotify(order));
    signed.append('money', '30.00');
    const repeated = await sut.app.inject({ method: 'GET', url: `/pay/notify?${signed.toString()}` });
    expect(repeated.statusCode).toBe(401);
    await expectRefused(gatewayNotify(order, { param: 'x'.repeat(600) }), 401, userId);
    const letters = 'abcdefghijklmnopqrstuvwxyzabcd';
    const many = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`x${letters.slice(0, i + 1)}`, 'v']),
    );
    await expectRefused(gatewayNotify(order, many), 401, userId);
    expect((await sut.app.inject({ method: 'GET', url: '/pay/notify' })).statusCode).toBe(401);
    const json = await sut.app.inject({ method: 'POST', url: '/pay/notify', payload: { money: { $gt: 1 } } });
    expect(json.statusCode).toBe(401);
    expect((await moneyState(sut.db, userId)).orders[0]!.status).toBe('pending');
  });
});
