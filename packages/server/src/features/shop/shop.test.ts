import {
  BuyReplySchema,
  CurrentOrderReplySchema,
  LevelPlanReplySchema,
  OldShopReplySchema,
  OrderHistoryReplySchema,
  OrderStateReplySchema,
  PROMOTION_LEVELS,
  SALE_BONUS_DAYS,
  ShopReplySchema,
  TICKET_HOLD_MINUTES,
  type Plan,
} from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { epaySign, PaymentProviderError, type PaymentProvider } from '../../adapters/payment-gateway.ts';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { checkoutParams, gatewayNotify, giveTicket, moneyState, TEST_PAYMENT } from '../../test/shop-kit.ts';

const DAY_MS = 86_400_000;

let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
let plans: Plan[];
/** The seeded monthly plan (30 yuan, 30 days) and its first Alipay channel. */
let monthly: Plan;
let alipay: number;
beforeAll(async () => {
  sut = await buildTestApp({ ...TEST_PAYMENT });
  kit = accountsKit(sut);
  plans = ShopReplySchema.parse((await sut.app.inject({ method: 'GET', url: '/v2/shop/api' })).json())
    .response.plan2;
  monthly = plans.find((plan) => plan.name === '月卡')!;
  alipay = monthly.payments.find((group) => group.pay_type === 'alipay')!.payments[0]!.id;
});
afterAll(async () => sut.close());

/** Every shop reply is the envelope, its HTTP status is its code, and never a server error. */
async function get(url: string, headers: Record<string, string> = {}) {
  const reply = await sut.app.inject({ method: 'GET', url, headers });
  const json = reply.json();
  expect(reply.statusCode).toBe(json.status.code);
  expect(reply.statusCode).toBeLessThan(500);
  return { code: json.status.code as number, message: json.status.message as string, json };
}

function buy(token: string, query: Record<string, string | number>) {
  const params = new URLSearchParams({
    token,
    ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  return get(`/v2/shop/buy?${params.toString()}`);
}

async function notify(params: Record<string, string>) {
  const reply = await sut.app.inject({
    method: 'GET',
    url: `/pay/notify?${new URLSearchParams(params).toString()}`,
  });
  return { status: reply.statusCode, body: reply.body };
}

async function newBuyer() {
  const token = await kit.guest();
  return { token, id: await kit.userIdOf(token) };
}

async function orderHistory(token: string) {
  const reply = await sut.app.inject({ method: 'POST', url: `/v1/shop/history?token=${token}` });
  return OrderHistoryReplySchema.parse(reply.json()).response.orders;
}

describe('plans', () => {
  it('lists the regular plans in yuan, each with the Alipay, WeChat Pay and UnionPay groups in that order', async () => {
    expect(plans.map((plan) => plan.name)).toEqual(['月卡', '季卡', '年卡', '周卡', '半年卡']);
    expect(monthly).toMatchObject({ price: 30, original_price: 45, days: 30, average: 1, bonus_days: 0 });
    for (const plan of plans) {
      expect(plan.payments.map((group) => group.pay_type)).toEqual(['alipay', 'wechat', 'unionpay']);
      expect(plan.payments[0]!.payments).toHaveLength(2);
    }
  });

  it('gives the old payment page the same plans', async () => {
    const old = OldShopReplySchema.parse((await get('/v1/shop/api/2')).json).response;
    expect(old).toEqual({ plans, maintain: false });
  });

  it('gives each level A–F its one sale plan with the level’s bonus days; other levels are 401', async () => {
    for (const level of PROMOTION_LEVELS) {
      const reply = LevelPlanReplySchema.parse((await get(`/v1/shop/levelapi/${level}`)).json).response;
      expect(reply.level).toBe(level);
      expect(reply.bonus_days).toBe(SALE_BONUS_DAYS[level]);
      expect(reply.plan2).toHaveLength(1);
      expect(reply.plan2[0]).toMatchObject({ name: `限时特惠 ${level}`, bonus_days: SALE_BONUS_DAYS[level] });
      expect(reply.plan2[0]!.payments.length).toBeGreaterThan(0);
    }
    expect((await get('/v1/shop/levelapi/c')).code).toBe(200);
    for (const level of ['G', '1', 'AB', '%00'])
      expect((await get(`/v1/shop/levelapi/${level}`)).code).toBe(401);
  });

  it('leaves a switched-off channel out of the groups', async () => {
    await sut.db
      .updateTable('payment_channels')
      .set({ enabled: false })
      .where('pay_type', '=', 'unionpay')
      .execute();
    try {
      const reply = ShopReplySchema.parse((await get('/v2/shop/api')).json).response;
      expect(reply.plan2[0]!.payments.map((group) => group.pay_type)).toEqual(['alipay', 'wechat']);
    } finally {
      await sut.db.updateTable('payment_channels').set({ enabled: true }).execute();
    }
  });
});

describe('cash maintenance', () => {
  it('shows no plans and refuses buying while cash.maintain is on', async () => {
    const buyer = await newBuyer();
    await kit.setAppInfo({ cash: { maintain: true } });
    try {
      const shop = await get('/v2/shop/api');
      expect(shop).toMatchObject({ code: 200, message: 'cash_maintain' });
      expect(shop.json.response).toEqual({ plan2: [], maintain: true });
      expect((await get('/v1/shop/api/2')).json.response).toEqual({ plans: [], maintain: true });
      expect((await get('/v1/shop/levelapi/A')).json.response.plan2).toEqual([]);
      expect(await buy(buyer.token, { plan: monthly.id, payment: alipay })).toMatchObject({
        code: 403,
        message: 'cash_maintain',
      });
      expect((await moneyState(sut.db, buyer.id)).orders).toEqual([]);
    } finally {
      await kit.resetAppInfo();
    }
  });
});

describe('buy', () => {
  it('makes a pending order and answers the signed checkout address of the gateway', async () => {
    const buyer = await newBuyer();
    const before = await moneyState(sut.db, buyer.id);
    const reply = await buy(buyer.token, {
      plan: monthly.id,
      payment: alipay,
      source: 'player',
      video_id: 'abc_1',
    });
    expect(reply.code).toBe(200);
    const { url, order_id, price, pay_seconds } = BuyReplySchema.parse(reply.json).response;
    expect(price).toBe(30);
    expect(pay_seconds).toBe(60);
    expect(url.startsWith('http://localhost/sandbox-pay/submit.php?')).toBe(true);
    const params = checkoutParams(url);
    expect(params).toMatchObject({
      pid: TEST_PAYMENT.PAYMENT_PID,
      type: 'alipay',
      out_trade_no: order_id,
      money: '30.00',
      name: '月卡',
      notify_url: 'http://localhost/pay/notify',
      return_url: `http://localhost/member?paid=${order_id}`,
      sign_type: 'MD5',
    });
    expect(params.sign).toBe(epaySign(params, TEST_PAYMENT.PAYMENT_KEY));

    const after = await moneyState(sut.db, buyer.id);
    expect(after.orders).toMatchObject([{ status: 'pending', amount_cents: 3000, paid_at: null }]);
    expect(after.user).toEqual(before.user);
    expect(after.ledger).toEqual(before.ledger);
  });

  it('sends the payer back to the page origin that asked, where the app keeps its session, if it is a page of this host', async () => {
    const buyer = await newBuyer();
    const reply = await get(`/v2/shop/buy?token=${buyer.token}&plan=${monthly.id}&payment=${alipay}`, {
      origin: 'https://localhost:8443',
    });
    const params = checkoutParams(reply.json.response.url);
    expect(params.return_url).toBe(`https://localhost:8443/member?paid=${params.out_trade_no}`);
    expect(params.notify_url).toBe('http://localhost/pay/notify');
    // Another host is no page of this app: the payer comes back to the api origin instead.
    const other = await newBuyer();
    const foreign = await get(`/v2/shop/buy?token=${other.token}&plan=${monthly.id}&payment=${alipay}`, {
      origin: 'https://app.example:8443',
    });
    const foreignParams = checkoutParams(foreign.json.response.url);
    expect(foreignParams.return_url).toBe(`http://localhost/member?paid=${foreignParams.out_trade_no}`);
  });

  it('takes one order request per account per minute: the second in the minute is 401 and makes no order', async () => {
    const buyer = await newBuyer();
    expect((await buy(buyer.token, { plan: monthly.id, payment: alipay })).code).toBe(200);
    expect(await buy(buyer.token, { plan: plans[1]!.id, payment: alipay })).toMatchObject({
      code: 401,
      message: 'order_too_frequent',
    });
    expect((await moneyState(sut.db, buyer.id)).orders).toHaveLength(1);

    // A minute later the next order request is taken.
    await sut.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 61_000) })
      .where('user_id', '=', buyer.id)
      .execute();
    expect((await buy(buyer.token, { plan: monthly.id, payment: alipay })).code).toBe(200);
    expect((await moneyState(sut.db, buyer.id)).orders).toHaveLength(2);
  });

  it('makes one order of two buy calls sent at the same moment', async () => {
    const buyer = await newBuyer();
    const replies = await Promise.all(
      Array.from({ length: 2 }, () => buy(buyer.token, { plan: monthly.id, payment: alipay })),
    );
    expect(replies.map((reply) => reply.code).sort()).toEqual([200, 401]);
    expect((await moneyState(sut.db, buyer.id)).orders).toHaveLength(1);
  });

  it('answers 402 for a switched-off channel and 404 for an unknown plan or channel, making no order', async () => {
    const buyer = await newBuyer();
    const channel = monthly.payments[1]!.payments[0]!.id;
    await sut.db.updateTable('payment_channels').set({ enabled: false }).where('id', '=', channel).execute();
    try {
      expect(await buy(buyer.token, { plan: monthly.id, payment: channel })).toMatchObject({
        code: 402,
        message: 'channel_busy',
      });
    } finally {
      await sut.db.updateTable('payment_channels').set({ enabled: true }).where('id', '=', channel).execute();
    }
    expect(await buy(buyer.token, { plan: 999_999, payment: alipay })).toMatchObject({
      code: 404,
      message: 'plan_not_found',
    });
    expect(await buy(buyer.token, { plan: monthly.id, payment: 999_999 })).toMatchObject({
      code: 404,
      message: 'channel_not_found',
    });
    expect((await moneyState(sut.db, buyer.id)).orders).toEqual([]);
    // Refusals are not order requests: the buyer may still order this minute.
    expect((await buy(buyer.token, { plan: monthly.id, payment: alipay })).code).toBe(200);
  });

  it('answers 401 to negative, zero, huge, fractional, non-numeric and repeated ids, making no order', async () => {
    const buyer = await newBuyer();
    const bad = [
      '-1',
      '0',
      '00',
      '2147483648',
      '99999999999999999999',
      '1.5',
      '1e3',
      '0x1f',
      'abc',
      ' 1',
      '+1',
      'NaN',
    ];
    for (const value of bad) {
      expect((await buy(buyer.token, { plan: value, payment: alipay })).code, `plan=${value}`).toBe(401);
      expect((await buy(buyer.token, { plan: monthly.id, payment: value })).code, `payment=${value}`).toBe(
        401,
      );
      // A held ticket's id is a bigserial, so only past 15 digits is it too big.
      if (value === '2147483648') continue;
      expect(
        (await buy(buyer.token, { plan: monthly.id, payment: alipay, cash_id: value })).code,
        `cash_id=${value}`,
      ).toBe(401);
    }
    expect((await get(`/v2/shop/buy?token=${buyer.token}&plan=1&plan=2&payment=${alipay}`)).code).toBe(401);
    expect((await get(`/v2/shop/buy?token=${buyer.token}&payment=${alipay}`)).code).toBe(401);
    expect((await buy(buyer.token, { plan: monthly.id, payment: alipay, source: '<script>' })).code).toBe(
      401,
    );
    expect((await buy(buyer.token, { plan: monthly.id, payment: alipay, video_id: '../x' })).code).toBe(401);
    expect((await moneyState(sut.db, buyer.id)).orders).toEqual([]);
  });

  it('needs a token', async () => {
    expect((await get(`/v2/shop/buy?plan=${monthly.id}&payment=${alipay}`)).code).toBe(497);
    expect((await buy('not-a-token', { plan: monthly.id, payment: alipay })).code).toBe(497);
  });

  it('lets the old page buy by pay type and redirects to the gateway', async () => {
    const buyer = await newBuyer();
    const reply = await sut.app.inject({
      method: 'GET',
      url: `/v1/shop/buy?token=${buyer.token}&plan=${monthly.id}&payment=wechat&source=old`,
    });
    expect(reply.statusCode).toBe(302);
    const params = checkoutParams(reply.headers.location as string);
    expect(params).toMatchObject({ type: 'wxpay', money: '30.00' });
    expect((await get(`/v1/shop/buy?token=${buyer.token}&plan=${monthly.id}&payment=paypal`)).code).toBe(401);
  });
});

describe('tickets', () => {
  it('takes the ticket price off a plan at or above its limit, and spends it only when the order is paid', async () => {
    const buyer = await newBuyer();
    const ticket = await giveTicket(sut.db, buyer.id, '新人立减券'); // 5 off from 30
    const reply = await buy(buyer.token, { plan: monthly.id, payment: alipay, cash_id: ticket });
    expect(reply.code).toBe(200);
    const { url, price } = BuyReplySchema.parse(reply.json).response;
    expect(price).toBe(25);
    const params = checkoutParams(url);
    expect(params.money).toBe('25.00');
    expect((await moneyState(sut.db, buyer.id)).tickets).toEqual([
      { id: ticket, spent_at: null, spent_order_id: null },
    ]);

    expect(await notify(gatewayNotify({ out_trade_no: params.out_trade_no!, money: '25.00' }))).toEqual({
      status: 200,
      body: 'success',
    });
    const after = await moneyState(sut.db, buyer.id);
    expect(after.tickets[0]!.spent_order_id).toBe(after.orders[0]!.id);
    expect(after.tickets[0]!.spent_at).not.toBeNull();
    expect(await orderHistory(buyer.token)).toMatchObject([{ name: '月卡', price: 25, method: '支付宝' }]);

    // A spent ticket cannot be used again.
    await sut.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 61_000) })
      .where('user_id', '=', buyer.id)
      .execute();
    expect(await buy(buyer.token, { plan: monthly.id, payment: alipay, cash_id: ticket })).toMatchObject({
      code: 402,
      message: 'ticket_unavailable',
    });
  });

  it('refuses a ticket on a plan below its limit price, making no order', async () => {
    const buyer = await newBuyer();
    const ticket = await giveTicket(sut.db, buyer.id, '季卡优惠券'); // limit 68
    expect(await buy(buyer.token, { plan: monthly.id, payment: alipay, cash_id: ticket })).toMatchObject({
      code: 401,
      message: 'ticket_below_limit',
    });
    const weekly = plans.find((plan) => plan.name === '周卡')!; // 12 < 30
    const small = await giveTicket(sut.db, buyer.id, '新人立减券');
    expect((await buy(buyer.token, { plan: weekly.id, payment: alipay, cash_id: small })).code).toBe(401);
    expect((await moneyState(sut.db, buyer.id)).orders).toEqual([]);
  });

  it('refuses another account’s ticket (404) and an expired one (402)', async () => {
    const buyer = await newBuyer();
    const other = await newBuyer();
    const theirs = await giveTicket(sut.db, other.id, '新人立减券');
    expect(await buy(buyer.token, { plan: monthly.id, payment: alipay, cash_id: theirs })).toMatchObject({
      code: 404,
      message: 'ticket_not_found',
    });
    const expired = await giveTicket(sut.db, buyer.id, '新人立减券', -1);
    expect(await buy(buyer.token, { plan: monthly.id, payment: alipay, cash_id: expired })).toMatchObject({
      code: 402,
      message: 'ticket_unavailable',
    });
    expect((await moneyState(sut.db, buyer.id)).orders).toEqual([]);
  });
});

/** Moves an account's orders `ms` into the past (out of the per-minute window, or the ticket hold). */
async function ageOrders(userId: number, ms: number) {
  await sut.db
    .updateTable('orders')
    .set({ created_at: new Date(Date.now() - ms) })
    .where('user_id', '=', userId)
    .execute();
}

async function ticketIds(token: string, type: 'pay' | 'list') {
  const { json } = await get(`/v2/shop/cash_discost?token=${token}&type=${type}`);
  return (json.response.result as { id: number }[]).map((ticket) => ticket.id);
}

describe('a ticket held by its pending order', () => {
  it('refuses a second buy with the ticket (402 ticket_reserved) and leaves the lists, until that order expires unpaid', async () => {
    const buyer = await newBuyer();
    const ticket = await giveTicket(sut.db, buyer.id, '新人立减券');
    const first = await buy(buyer.token, { plan: monthly.id, payment: alipay, cash_id: ticket });
    expect(first.code).toBe(200);
    expect(BuyReplySchema.parse(first.json).response.price).toBe(25);
    expect(await ticketIds(buyer.token, 'pay')).toEqual([]);
    expect(await ticketIds(buyer.token, 'list')).toEqual([]);

    // Past the one-order-a-minute limit, still within the hold: the ticket stays with the first order.
    await ageOrders(buyer.id, 2 * 60_000);
    expect(await buy(buyer.token, { plan: monthly.id, payment: alipay, cash_id: ticket })).toMatchObject({
      code: 402,
      message: 'ticket_reserved',
    });
    // The same plan without the ticket is sold at full price.
    const full = await buy(buyer.token, { plan: monthly.id, payment: alipay });
    expect(BuyReplySchema.parse(full.json).response.price).toBe(30);
    expect((await moneyState(sut.db, buyer.id)).orders.map((order) => order.amount_cents)).toEqual([
      2500, 3000,
    ]);

    // The first order expired unpaid: the ticket is back, and a new order takes it.
    await ageOrders(buyer.id, (TICKET_HOLD_MINUTES + 1) * 60_000);
    expect(await ticketIds(buyer.token, 'pay')).toEqual([ticket]);
    expect(await ticketIds(buyer.token, 'list')).toEqual([ticket]);
    const again = await buy(buyer.token, { plan: monthly.id, payment: alipay, cash_id: ticket });
    expect(again.code).toBe(200);
    expect(BuyReplySchema.parse(again.json).response.price).toBe(25);

    // Paid, it is spent: gone from the lists and refused as unavailable from then on.
    const { out_trade_no } = checkoutParams(BuyReplySchema.parse(again.json).response.url);
    expect((await notify(gatewayNotify({ out_trade_no: out_trade_no!, money: '25.00' }))).body).toBe(
      'success',
    );
    const after = await moneyState(sut.db, buyer.id);
    expect(after.tickets).toEqual([
      { id: ticket, spent_at: expect.any(Date), spent_order_id: after.orders[2]!.id },
    ]);
    expect(await ticketIds(buyer.token, 'list')).toEqual([]);
    await ageOrders(buyer.id, 2 * 60_000);
    expect(await buy(buyer.token, { plan: monthly.id, payment: alipay, cash_id: ticket })).toMatchObject({
      code: 402,
      message: 'ticket_unavailable',
    });
  });

  it('goes to exactly one of two buys sent with it at the same moment', async () => {
    const buyer = await newBuyer();
    const ticket = await giveTicket(sut.db, buyer.id, '新人立减券');
    const replies = await Promise.all(
      Array.from({ length: 2 }, () =>
        buy(buyer.token, { plan: monthly.id, payment: alipay, cash_id: ticket }),
      ),
    );
    expect(replies.map((reply) => [reply.code, reply.message]).sort()).toEqual([
      [200, 'ok'],
      [402, 'ticket_reserved'],
    ]);
    const orders = await sut.db
      .selectFrom('orders')
      .select(['ticket_id', 'amount_cents'])
      .where('user_id', '=', buyer.id)
      .execute();
    expect(orders).toEqual([{ ticket_id: ticket, amount_cents: 2500 }]);
  });
});

describe('sale plans', () => {
  it('sells a level’s sale plan to accounts of that level and grants its bonus days on payment', async () => {
    const buyer = await newBuyer(); // new, never paid: level A
    const salePlans = await Promise.all(
      (['A', 'B'] as const).map(
        async (level) => (await get(`/v1/shop/levelapi/${level}`)).json.response.plan2[0] as Plan,
      ),
    );
    expect(await buy(buyer.token, { plan: salePlans[1]!.id, payment: alipay })).toMatchObject({
      code: 403,
      message: 'sale_level_mismatch',
    });
    const reply = await buy(buyer.token, { plan: salePlans[0]!.id, payment: alipay, source: 'sale' });
    expect(reply.code).toBe(200);
    const params = checkoutParams(reply.json.response.url);
    const paidAt = Date.now();
    expect(
      (await notify(gatewayNotify({ out_trade_no: params.out_trade_no!, money: params.money! }))).body,
    ).toBe('success');
    const { user } = await moneyState(sut.db, buyer.id);
    const days = salePlans[0]!.days + SALE_BONUS_DAYS.A;
    expect(user.vip_expiry!.getTime()).toBeGreaterThanOrEqual(paidAt + days * DAY_MS);
    expect(user.vip_expiry!.getTime()).toBeLessThan(Date.now() + days * DAY_MS + 1000);
    expect(user.paid_orders).toBe(1);
    // The level follows the purchase: VIP running after a purchase is E.
    expect((await kit.userInfo(buyer.token)).response.userInfo.level).toBe('E');
  });
});

describe('orders', () => {
  it('shows no current order and an empty history before the first purchase', async () => {
    const buyer = await newBuyer();
    const current = await sut.app.inject({ method: 'POST', url: `/v1/shop/current?token=${buyer.token}` });
    expect(CurrentOrderReplySchema.parse(current.json()).response.order).toBeNull();
    expect(await orderHistory(buyer.token)).toEqual([]);
    expect((await sut.app.inject({ method: 'POST', url: '/v1/shop/history' })).statusCode).toBe(497);
  });

  it('shows paid orders newest first, the current one active until the VIP it bought ends; pending ones not at all', async () => {
    const buyer = await newBuyer();
    const first = checkoutParams(
      (await buy(buyer.token, { plan: monthly.id, payment: alipay })).json.response.url,
    );
    await notify(gatewayNotify({ out_trade_no: first.out_trade_no!, money: first.money! }));
    await sut.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 61_000) })
      .where('user_id', '=', buyer.id)
      .execute();
    const quarterly = plans.find((plan) => plan.name === '季卡')!;
    const wechat = quarterly.payments.find((group) => group.pay_type === 'wechat')!.payments[0]!.id;
    const second = checkoutParams(
      (await buy(buyer.token, { plan: quarterly.id, payment: wechat })).json.response.url,
    );
    expect(await orderHistory(buyer.token)).toHaveLength(1);
    await notify(gatewayNotify({ out_trade_no: second.out_trade_no!, money: second.money! }));

    const history = await orderHistory(buyer.token);
    expect(history.map((order) => [order.name, order.price, order.method, order.status])).toEqual([
      ['季卡', 68, '微信支付', 0],
      ['月卡', 30, '支付宝', 0],
    ]);
    const current = await sut.app.inject({ method: 'POST', url: `/v1/shop/current?token=${buyer.token}` });
    const order = CurrentOrderReplySchema.parse(current.json()).response.order!;
    expect(order).toMatchObject({ name: '季卡', active: true, order_id: second.out_trade_no });
    // The quarter follows the month: it ends 30 + 90 days from the first payment.
    expect(order.expire_time - order.create_time).toBeGreaterThan(119 * 86_400);
    expect(order.expire_time - order.create_time).toBeLessThan(121 * 86_400);
  });
});

describe('order state', () => {
  const stateOf = (token: string, orderId: string) => get(`/v2/shop/order/${orderId}?token=${token}`);

  it('answers pending until the notify pays the order, then paid with the expiry it bought', async () => {
    const buyer = await newBuyer();
    const bought = (await buy(buyer.token, { plan: monthly.id, payment: alipay })).json.response;
    const pending = await stateOf(buyer.token, bought.order_id);
    expect(OrderStateReplySchema.parse(pending.json).response).toEqual({
      order_id: bought.order_id,
      state: 'pending',
      vip_until: 0,
    });
    const checkout = checkoutParams(bought.url);
    await notify(gatewayNotify({ out_trade_no: checkout.out_trade_no!, money: checkout.money! }));
    const paid = OrderStateReplySchema.parse((await stateOf(buyer.token, bought.order_id)).json).response;
    expect(paid.state).toBe('paid');
    expect(paid.vip_until * 1000 - Date.now()).toBeGreaterThan(29 * DAY_MS);
    expect(paid.vip_until * 1000 - Date.now()).toBeLessThan(31 * DAY_MS);
  });

  it('answers 404 for another account’s order and an unknown one, 401 for a malformed id, 497 without a token', async () => {
    const buyer = await newBuyer();
    const other = await newBuyer();
    const bought = (await buy(buyer.token, { plan: monthly.id, payment: alipay })).json.response;
    expect(await stateOf(other.token, bought.order_id)).toMatchObject({
      code: 404,
      message: 'order_not_found',
    });
    expect(await stateOf(buyer.token, '1234567890abc')).toMatchObject({
      code: 404,
      message: 'order_not_found',
    });
    for (const bad of ['ABC', 'a-b', 'x'.repeat(41), '%00', '%E6%99%A8'])
      expect((await stateOf(buyer.token, bad)).code).toBe(401);
    expect((await get(`/v2/shop/order/${bought.order_id}`)).code).toBe(497);
  });
});

describe('provider failures', () => {
  let failure: Error = new Error('unset');
  const failing: PaymentProvider = {
    acknowledgement: 'success',
    checkoutUrl: async () => {
      throw failure;
    },
    readNotify: () => ({ ok: false, reason: 'signature' }),
  };

  it('answers 501 when the provider refuses, 502 when unreachable, 500 otherwise — and the retry is not held back', async () => {
    const app = await buildTestApp({ ...TEST_PAYMENT }, { paymentProvider: failing });
    try {
      const cases = [
        [new PaymentProviderError('refused', 'no'), 501, 'provider_error'],
        [new PaymentProviderError('unreachable', 'timeout'), 502, 'provider_unavailable'],
        [new PaymentProviderError('misconfigured', 'no key'), 500, 'server_error'],
        [new Error('bug'), 500, 'server_error'],
      ] as const;
      const token = await accountsKit(app).guest();
      const userId = await accountsKit(app).userIdOf(token);
      const url = `/v2/shop/buy?token=${token}&plan=${monthly.id}&payment=${alipay}`;
      for (const [error, code, message] of cases) {
        failure = error;
        const reply = await app.app.inject({ method: 'GET', url });
        expect(reply.statusCode).toBe(code);
        expect(reply.json()).toEqual({ status: { code, message }, response: null });
      }
      const orders = await app.db
        .selectFrom('orders')
        .select('status')
        .where('user_id', '=', userId)
        .execute();
      expect(orders.map((order) => order.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
      // The app watching such an order sees it failed.
      const failed = await app.db
        .selectFrom('orders')
        .select('out_trade_no')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      const state = await app.app.inject({
        method: 'GET',
        url: `/v2/shop/order/${failed.out_trade_no}?token=${token}`,
      });
      expect(OrderStateReplySchema.parse(state.json()).response.state).toBe('failed');

      // A failed order holds no ticket: it stays usable, and the retry may name it again.
      const ticket = await giveTicket(app.db, userId, '新人立减券');
      const withTicket = `${url}&cash_id=${ticket}`;
      failure = new PaymentProviderError('refused', 'no');
      expect((await app.app.inject({ method: 'GET', url: withTicket })).statusCode).toBe(501);
      const listed = await app.app.inject({
        method: 'GET',
        url: `/v2/shop/cash_discost?token=${token}&type=pay`,
      });
      expect(listed.json().response.result.map((row: { id: number }) => row.id)).toEqual([ticket]);
      expect((await app.app.inject({ method: 'GET', url: withTicket })).json().status).toEqual({
        code: 501,
        message: 'provider_error',
      });
    } finally {
      await app.close();
    }
  });
});
