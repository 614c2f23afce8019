import { OPERATOR_ROLES, type OperatorRole } from '@app/contract/console/operators';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsKit } from '../../test/accounts-kit.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { checkoutParams, gatewayNotify, TEST_PAYMENT } from '../../test/shop-kit.ts';
import { consoleRequest, signInOperator, type OperatorSession } from '../console/console-kit.ts';

/**
 * The console's money section (issue 23 §3) through the real app: who may call each operation,
 * bad input, the audit entry, and what the phone app sees afterwards (plans, VIP, orders page).
 */
const DAY_MS = 86_400_000;

let sut: TestApp;
let kit: ReturnType<typeof accountsKit>;
type Who = OperatorSession;
const as: Partial<Record<OperatorRole, Who>> = {};
let monthlyId: number;
let alipay: number;

beforeAll(async () => {
  sut = await buildTestApp({ ...TEST_PAYMENT });
  kit = accountsKit(sut);
  for (const role of OPERATOR_ROLES) as[role] = await signInOperator(sut, role);
  monthlyId = (
    await sut.db.selectFrom('plans').select('id').where('name', '=', '月卡').executeTakeFirstOrThrow()
  ).id;
  alipay = (
    await sut.db
      .selectFrom('payment_channels')
      .select('id')
      .where('pay_type', '=', 'alipay')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => sut.close());

const owner = () => as.owner!;
const finance = () => as.finance!;
const call = (who: Who | null, method: string, url: string, body?: unknown) =>
  consoleRequest(sut, who, method as 'GET', url, body);

/** A guest who paid the monthly plan (30 yuan, 30 days) through a signed gateway notify. */
async function paidOrder(planId = monthlyId) {
  const token = await kit.guest();
  const userId = await kit.userIdOf(token);
  const bought = await sut.app.inject({
    method: 'GET',
    url: `/v2/shop/buy?token=${token}&plan=${planId}&payment=${alipay}`,
  });
  expect(bought.statusCode).toBe(200);
  const params = checkoutParams(bought.json().response.url);
  const order = { out_trade_no: params.out_trade_no!, money: params.money! };
  const paid = await sut.app.inject({
    method: 'GET',
    url: `/pay/notify?${new URLSearchParams(gatewayNotify(order))}`,
  });
  expect(paid.body).toBe('success');
  const row = await sut.db
    .selectFrom('orders')
    .select(['id'])
    .where('out_trade_no', '=', order.out_trade_no)
    .executeTakeFirstOrThrow();
  return { token, userId, id: row.id, outTradeNo: order.out_trade_no, money: order.money };
}

async function vipExpiryOf(userId: number) {
  const row = await sut.db
    .selectFrom('users')
    .select('vip_expiry')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.vip_expiry;
}

async function lastAudit(action: string) {
  return sut.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const planInput = (change: Record<string, unknown> = {}) => ({
  name: '测试双月卡',
  name_tw: null,
  price_cents: 5500,
  original_price_cents: 9000,
  days: 60,
  bonus_days: 5,
  sale_level: null,
  enabled: true,
  sort: 6,
  slogan: '60 天畅享全部内容',
  slogan_tw: null,
  tag: '新品',
  tag_tw: null,
  tag_color: '#ff4d6d',
  color: '#2a1f3d',
  cash_title: '',
  ...change,
});

const channelInput = (change: Record<string, unknown> = {}) => ({
  pay_type: 'alipay',
  name: '支付宝备用',
  name_tw: null,
  detail_name: '备用通道',
  detail_name_tw: null,
  enabled: true,
  sort: 9,
  ...change,
});

const templateInput = (change: Record<string, unknown> = {}) => ({
  name: '回馈立减券',
  name_tw: null,
  slogan: '满 30 减 8',
  slogan_tw: null,
  price_cents: 800,
  limit_price_cents: 3000,
  valid_days: 14,
  ...change,
});

describe('who may call each money operation', () => {
  const operations: { method: string; url: () => string; body?: () => unknown; readers?: OperatorRole[] }[] =
    [
      { method: 'GET', url: () => '/admin/api/money/plans' },
      {
        method: 'POST',
        url: () => '/admin/api/money/plans',
        body: () => planInput({ name: '权限测试', enabled: false }),
      },
      { method: 'PUT', url: () => `/admin/api/money/plans/${monthlyId}`, body: () => ({}) },
      { method: 'GET', url: () => '/admin/api/money/channels' },
      { method: 'POST', url: () => '/admin/api/money/channels', body: () => ({}) },
      { method: 'PUT', url: () => `/admin/api/money/channels/${alipay}`, body: () => ({}) },
      { method: 'GET', url: () => '/admin/api/money/ticket-templates' },
      { method: 'POST', url: () => '/admin/api/money/ticket-templates', body: () => ({}) },
      { method: 'PUT', url: () => '/admin/api/money/ticket-templates/1', body: () => ({}) },
      { method: 'POST', url: () => '/admin/api/money/ticket-grants', body: () => ({}) },
      { method: 'GET', url: () => '/admin/api/money/orders', readers: ['owner', 'finance', 'support'] },
      { method: 'GET', url: () => '/admin/api/money/orders/1', readers: ['owner', 'finance', 'support'] },
      { method: 'POST', url: () => '/admin/api/money/orders/999999/refund', body: () => ({ reason: 'x' }) },
      { method: 'GET', url: () => '/admin/api/money/revenue.csv?from=2026-01-01&to=2026-01-31' },
    ];

  it('owner and finance may call every operation; support only reads orders; editor none', async () => {
    for (const operation of operations) {
      const allowed = operation.readers ?? ['owner', 'finance'];
      for (const role of OPERATOR_ROLES) {
        const reply = await call(as[role]!, operation.method, operation.url(), operation.body?.());
        const label = `${role} ${operation.method} ${operation.url()}`;
        if (allowed.includes(role)) expect([200, 400, 404], label).toContain(reply.statusCode);
        else expect(reply.statusCode, label).toBe(403);
      }
    }
  });

  it('no session is 401, and an app user’s token (as the app sends it) opens nothing', async () => {
    const token = await kit.guest();
    for (const operation of operations) {
      const none = await call(null, operation.method, operation.url(), operation.body?.());
      expect(none.statusCode, operation.url()).toBe(401);
      const separator = operation.url().includes('?') ? '&' : '?';
      const withToken = await sut.app.inject({
        method: operation.method as 'GET',
        url: `${operation.url()}${separator}token=${token}`,
        headers: { authorization: `Bearer ${token}` },
        ...(operation.body ? { payload: { ...(operation.body() as object), token } } : {}),
      });
      expect(withToken.statusCode, operation.url()).toBe(401);
    }
  });
});

describe('plans', () => {
  it('a new plan is sold in the app at once, with its bonus days; the change is audited', async () => {
    const reply = await call(owner(), 'POST', '/admin/api/money/plans', planInput());
    expect(reply.statusCode).toBe(200);
    const plan = reply.json();
    expect(plan).toMatchObject({
      name: '测试双月卡',
      name_tw: '測試雙月卡',
      price_cents: 5500,
      bonus_days: 5,
    });
    const app = (await sut.app.inject({ method: 'GET', url: '/v2/shop/api' })).json().response.plan2;
    expect(app.find((p: { id: number }) => p.id === plan.id)).toMatchObject({
      price: 55,
      days: 60,
      bonus_days: 5,
    });
    const audit = await lastAudit('plan.create');
    expect(audit).toMatchObject({ target: `plan:${plan.id}`, before: null });
    expect(audit!.after).toMatchObject({ price_cents: 5500 });
  });

  it('a price change shows in the app; a disabled plan is neither shown nor sold', async () => {
    const created = (
      await call(finance(), 'POST', '/admin/api/money/plans', planInput({ name: '涨价卡' }))
    ).json();
    const repriced = await call(
      finance(),
      'PUT',
      `/admin/api/money/plans/${created.id}`,
      planInput({ name: '涨价卡', price_cents: 6600 }),
    );
    expect(repriced.statusCode).toBe(200);
    const plans = async () =>
      (await sut.app.inject({ method: 'GET', url: '/v2/shop/api' })).json().response.plan2;
    expect((await plans()).find((p: { id: number }) => p.id === created.id).price).toBe(66);
    const audit = await lastAudit('plan.update');
    expect(audit).toMatchObject({ target: `plan:${created.id}` });
    expect(audit!.before).toMatchObject({ price_cents: 5500 });
    expect(audit!.after).toMatchObject({ price_cents: 6600 });

    await call(
      finance(),
      'PUT',
      `/admin/api/money/plans/${created.id}`,
      planInput({ name: '涨价卡', enabled: false }),
    );
    expect((await plans()).find((p: { id: number }) => p.id === created.id)).toBeUndefined();
    const token = await kit.guest();
    const buy = await sut.app.inject({
      method: 'GET',
      url: `/v2/shop/buy?token=${token}&plan=${created.id}&payment=${alipay}`,
    });
    expect(buy.json().status.message).toBe('plan_not_found');
  });

  it('bad and hostile input is 400 with the field named, an unknown plan 404, and nothing changes', async () => {
    const bad: Record<string, unknown>[] = [
      { price_cents: -1 },
      { price_cents: 0 },
      { price_cents: 12.5 },
      { price_cents: '3000' },
      { price_cents: 1e12 },
      { days: 0 },
      { name: '' },
      { name: 'x'.repeat(41) },
      { tag_color: 'red;background:url(x)' },
      { sale_level: 'Z' },
      { enabled: 'yes' },
      { extra: 1 },
    ];
    const before = (await call(owner(), 'GET', '/admin/api/money/plans')).json();
    for (const change of bad) {
      const reply = await call(owner(), 'PUT', `/admin/api/money/plans/${monthlyId}`, planInput(change));
      expect(reply.statusCode, JSON.stringify(change)).toBe(400);
      expect(reply.json().error).toBeTypeOf('string');
    }
    const field = await call(owner(), 'PUT', `/admin/api/money/plans/${monthlyId}`, planInput({ days: 0 }));
    expect(Object.keys(field.json().fields ?? {})).toContain('days');
    for (const id of ['abc', '0', '-1', '99999999999', '1.5'])
      expect((await call(owner(), 'PUT', `/admin/api/money/plans/${id}`, planInput())).statusCode, id).toBe(
        400,
      );
    expect((await call(owner(), 'PUT', '/admin/api/money/plans/999999', planInput())).statusCode).toBe(404);
    expect((await call(owner(), 'GET', '/admin/api/money/plans')).json()).toEqual(before);
  });
});

describe('payment methods', () => {
  it('a method switched off leaves the app’s payment groups; its order is the payment page’s', async () => {
    const created = (await call(owner(), 'POST', '/admin/api/money/channels', channelInput())).json();
    expect(created).toMatchObject({ name: '支付宝备用', name_tw: '支付寶備用', enabled: true });
    const groups = async () => {
      const [plan] = (await sut.app.inject({ method: 'GET', url: '/v2/shop/api' })).json().response.plan2;
      return plan.payments as { pay_type: string; payments: { id: number }[] }[];
    };
    const alipayIds = async () =>
      (await groups()).find((group) => group.pay_type === 'alipay')!.payments.map((channel) => channel.id);
    // Sort 9 puts it after the seeded channels (sort 0); a seeded one moved to 20 goes after it.
    expect((await alipayIds()).at(-1)).toBe(created.id);
    const seeded = (await call(owner(), 'GET', '/admin/api/money/channels'))
      .json()
      .items.find((channel: { id: number }) => channel.id === alipay);
    const { id: _id, ...seededInput } = seeded;
    await call(owner(), 'PUT', `/admin/api/money/channels/${alipay}`, { ...seededInput, sort: 20 });
    expect((await alipayIds()).at(-1)).toBe(alipay);
    await call(owner(), 'PUT', `/admin/api/money/channels/${alipay}`, seededInput);
    const off = await call(
      owner(),
      'PUT',
      `/admin/api/money/channels/${created.id}`,
      channelInput({ enabled: false }),
    );
    expect(off.statusCode).toBe(200);
    expect(await alipayIds()).not.toContain(created.id);
    const audit = await lastAudit('channel.update');
    expect(audit!.before).toMatchObject({ enabled: true });
    expect(audit!.after).toMatchObject({ enabled: false });
    expect(
      (await call(owner(), 'POST', '/admin/api/money/channels', channelInput({ pay_type: 'paypal' })))
        .statusCode,
    ).toBe(400);
  });
});

describe('discount tickets', () => {
  it('a template and a grant: the user holds the tickets; the same form sent twice gives them once', async () => {
    const template = (
      await call(finance(), 'POST', '/admin/api/money/ticket-templates', templateInput())
    ).json();
    expect(template).toMatchObject({ name_tw: '回饋立減券', price_cents: 800 });
    expect((await lastAudit('ticket_template.create'))!.target).toBe(`ticket_template:${template.id}`);
    const token = await kit.guest();
    const userId = await kit.userIdOf(token);
    const grant = { user_id: userId, template_id: template.id, count: 2, request_id: randomUUID() };
    const [first, second] = await Promise.all([
      call(finance(), 'POST', '/admin/api/money/ticket-grants', grant),
      call(finance(), 'POST', '/admin/api/money/ticket-grants', grant),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().tickets).toEqual(first.json().tickets);
    expect(first.json().tickets).toHaveLength(2);
    const held = await sut.app.inject({
      method: 'GET',
      url: `/v2/shop/cash_discost?token=${token}&type=list`,
    });
    const tickets = held.json().response.result as { name: string; price: number }[];
    expect(tickets.filter((ticket) => ticket.name === '回馈立减券')).toHaveLength(2);
    const audit = await lastAudit('ticket.grant');
    expect(audit).toMatchObject({ target: `user:${userId}` });
    const grants = await sut.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'ticket.grant')
      .where('target', '=', `user:${userId}`)
      .execute();
    expect(grants).toHaveLength(1);
    const list = (await call(finance(), 'GET', '/admin/api/money/ticket-templates')).json().items;
    expect(list.find((item: { id: number }) => item.id === template.id)).toMatchObject({
      granted: 2,
      spent: 0,
    });
  });

  it('an unknown account or template is 404; a request id reused for another account 409; bad counts 400', async () => {
    const userId = await kit.userIdOf(await kit.guest());
    const otherId = await kit.userIdOf(await kit.guest());
    const grant = { user_id: userId, template_id: 1, count: 1, request_id: randomUUID() };
    expect(
      (await call(owner(), 'POST', '/admin/api/money/ticket-grants', { ...grant, user_id: 99_999_999 }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(owner(), 'POST', '/admin/api/money/ticket-grants', { ...grant, template_id: 99_999 }))
        .statusCode,
    ).toBe(404);
    expect((await call(owner(), 'POST', '/admin/api/money/ticket-grants', grant)).statusCode).toBe(200);
    const reused = await call(owner(), 'POST', '/admin/api/money/ticket-grants', {
      ...grant,
      user_id: otherId,
    });
    expect(reused.statusCode).toBe(409);
    for (const change of [
      { count: 0 },
      { count: 11 },
      { request_id: 'abc' },
      { user_id: -1 },
      { user_id: '1 or 1=1' },
    ])
      expect(
        (await call(owner(), 'POST', '/admin/api/money/ticket-grants', { ...grant, ...change })).statusCode,
      ).toBe(400);
    expect(
      (await call(owner(), 'POST', '/admin/api/money/ticket-templates', templateInput({ valid_days: 0 })))
        .statusCode,
    ).toBe(400);
  });
});

describe('orders', () => {
  it('found by buyer, order number, status and business days; sorted; the notifications of an order', async () => {
    const paid = await paidOrder();
    // A forged notify for the same order: refused, and kept beside the real one.
    const forged = gatewayNotify({ out_trade_no: paid.outTradeNo, money: paid.money }, {}, 'wrong-key');
    const refused = await sut.app.inject({
      method: 'GET',
      url: `/pay/notify?${new URLSearchParams(forged)}`,
    });
    expect(refused.statusCode).toBe(401);

    const byUser = (await call(support(), 'GET', `/admin/api/money/orders?user=${paid.userId}`)).json();
    expect(byUser).toMatchObject({
      total: 1,
      items: [{ id: paid.id, status: 'paid', amount_cents: 3000, order_no: paid.outTradeNo }],
    });
    const byNumber = (
      await call(owner(), 'GET', `/admin/api/money/orders?order_no=${paid.outTradeNo}`)
    ).json();
    expect(byNumber.items.map((order: { id: number }) => order.id)).toEqual([paid.id]);
    const byGateway = (
      await call(owner(), 'GET', `/admin/api/money/orders?order_no=T${paid.outTradeNo}`)
    ).json();
    expect(byGateway.items.map((order: { id: number }) => order.id)).toEqual([paid.id]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
      new Date(Date.now() - 4 * 3600_000),
    );
    const inDays = (
      await call(owner(), 'GET', `/admin/api/money/orders?status=paid&from=${today}&to=${today}&pageSize=100`)
    ).json();
    expect(inDays.items.map((order: { id: number }) => order.id)).toContain(paid.id);
    const before = (await call(owner(), 'GET', `/admin/api/money/orders?to=2020-01-01`)).json();
    expect(before).toEqual({ items: [], total: 0 });
    const sorted = (
      await call(owner(), 'GET', '/admin/api/money/orders?sort=amount_cents&order=asc&pageSize=100')
    ).json();
    const amounts = sorted.items.map((order: { amount_cents: number }) => order.amount_cents);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));

    const detail = (await call(owner(), 'GET', `/admin/api/money/orders/${paid.id}`)).json();
    expect(detail.notifications).toHaveLength(2);
    expect(detail.notifications[0]).toMatchObject({ answer_status: 200, answer: 'success', applied: true });
    expect(detail.notifications[0].params).toMatchObject({
      out_trade_no: paid.outTradeNo,
      trade_status: 'TRADE_SUCCESS',
    });
    expect(detail.notifications[1]).toMatchObject({ answer_status: 401, applied: false });
    expect((await call(owner(), 'GET', '/admin/api/money/orders/999999')).statusCode).toBe(404);
  });

  it('bad list queries are 400, never 500', async () => {
    for (const query of [
      'pageSize=100000',
      'page=0',
      'sort=password_hash',
      'order=sideways',
      'status=stolen',
      'from=2026-02-30',
      'from=yesterday',
      "user=' or 1=1 --",
      `order_no=${'9'.repeat(65)}`,
    ]) {
      const reply = await call(owner(), 'GET', `/admin/api/money/orders?${query}`);
      expect(reply.statusCode, query).toBeLessThan(500);
      if (!query.startsWith('user=')) expect(reply.statusCode, query).toBe(400);
    }
  });
});

const support = () => as.support!;

describe('refund', () => {
  it('takes the order’s VIP days back through the ledger, once, however many clicks race; the app shows it', async () => {
    const paid = await paidOrder();
    const expiry = (await vipExpiryOf(paid.userId))!;
    expect((await kit.userInfo(paid.token)).response.vip).toBe(true);
    const replies = await Promise.all([
      call(finance(), 'POST', `/admin/api/money/orders/${paid.id}/refund`, { reason: '用户申请退款' }),
      call(owner(), 'POST', `/admin/api/money/orders/${paid.id}/refund`, { reason: '用户申请退款' }),
      call(finance(), 'POST', `/admin/api/money/orders/${paid.id}/refund`, { reason: '用户申请退款' }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409]);
    const done = replies.find((reply) => reply.statusCode === 200)!.json();
    expect(done).toMatchObject({
      order: { status: 'refunded', refund_reason: '用户申请退款' },
      vip_days_removed: 30,
    });
    expect(replies.find((reply) => reply.statusCode === 409)!.json().error).toBe('order_already_refunded');

    const ledger = await sut.db
      .selectFrom('ledger')
      .select(['grant_key', 'vip_days'])
      .where('user_id', '=', paid.userId)
      .orderBy('id')
      .execute();
    expect(ledger).toEqual([
      { grant_key: `order:${paid.id}`, vip_days: 30 },
      { grant_key: `refund:${paid.id}`, vip_days: -30 },
    ]);
    // Wherever the grant is shown (the user's page in Support), the refund carries the operator's
    // reason and names the order it took back; the order names its method in Traditional too.
    const detail = (await call(owner(), 'GET', `/admin/api/support/users/${paid.userId}`)).json();
    expect(detail.ledger.slice(0, 2)).toMatchObject([
      { kind: 'refund', vipDays: -30, reason: '用户申请退款', orderNo: paid.outTradeNo },
      { kind: 'order', vipDays: 30, reason: null, orderNo: paid.outTradeNo },
    ]);
    expect(detail.orders[0]).toMatchObject({ outTradeNo: paid.outTradeNo, refundReason: '用户申请退款' });
    expect(detail.orders[0]).toHaveProperty('methodTw');
    const after = (await vipExpiryOf(paid.userId))!;
    expect(after.getTime()).toBeLessThanOrEqual(Date.now());
    expect(after.getTime()).toBeLessThan(expiry.getTime());

    // The phone app: no VIP, and the orders page shows the order refunded.
    expect((await kit.userInfo(paid.token)).response.vip).toBe(false);
    const history = await sut.app.inject({
      method: 'POST',
      url: `/v1/shop/history?token=${paid.token}`,
      payload: {},
    });
    expect(history.json().response.orders).toMatchObject([
      { order_id: paid.outTradeNo, refunded: true, active: false },
    ]);
    const state = await sut.app.inject({
      method: 'GET',
      url: `/v2/shop/order/${paid.outTradeNo}?token=${paid.token}`,
    });
    expect(state.json().response.state).toBe('refunded');

    const audits = await sut.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'order.refund')
      .where('target', '=', `order:${paid.id}`)
      .execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({ status: 'paid' });
    expect(audits[0]!.after).toMatchObject({ status: 'refunded', vip_days_removed: 30, amount_cents: 3000 });

    // The gateway repeating its notify afterwards gives nothing back.
    const again = await sut.app.inject({
      method: 'GET',
      url: `/pay/notify?${new URLSearchParams(gatewayNotify({ out_trade_no: paid.outTradeNo, money: paid.money }))}`,
    });
    expect(again.body).toBe('success');
    expect(await vipExpiryOf(paid.userId)).toEqual(after);
  });

  it('a partly used VIP ends now (no more is taken than is left); a second order’s days stay', async () => {
    const paid = await paidOrder();
    // Ten of the thirty days are used.
    const left = new Date(Date.now() + 20 * DAY_MS);
    await sut.db.updateTable('users').set({ vip_expiry: left }).where('id', '=', paid.userId).execute();
    const reply = await call(owner(), 'POST', `/admin/api/money/orders/${paid.id}/refund`, {
      reason: '部分使用',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().vip_days_removed).toBe(20);
    const after = (await vipExpiryOf(paid.userId))!;
    expect(after.getTime()).toBeLessThanOrEqual(Date.now());
    expect(after.getTime()).toBeGreaterThan(Date.now() - 60_000);

    // Two orders stacked (60 days): refunding one leaves the other's 30.
    const first = await paidOrder();
    await sut.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 120_000) })
      .where('user_id', '=', first.userId)
      .execute();
    const token = first.token;
    const second = await sut.app.inject({
      method: 'GET',
      url: `/v2/shop/buy?token=${token}&plan=${monthlyId}&payment=${alipay}`,
    });
    const params = checkoutParams(second.json().response.url);
    await sut.app.inject({
      method: 'GET',
      url: `/pay/notify?${new URLSearchParams(gatewayNotify({ out_trade_no: params.out_trade_no!, money: params.money! }))}`,
    });
    const stacked = (await vipExpiryOf(first.userId))!;
    expect(
      (await call(owner(), 'POST', `/admin/api/money/orders/${first.id}/refund`, { reason: '重复购买' }))
        .statusCode,
    ).toBe(200);
    expect((await vipExpiryOf(first.userId))!.getTime()).toBe(stacked.getTime() - 30 * DAY_MS);
    expect((await kit.userInfo(token)).response.vip).toBe(true);
  });

  it('an unpaid order cannot be refunded; bad input is 400; nothing changes', async () => {
    const token = await kit.guest();
    const bought = await sut.app.inject({
      method: 'GET',
      url: `/v2/shop/buy?token=${token}&plan=${monthlyId}&payment=${alipay}`,
    });
    const pending = await sut.db
      .selectFrom('orders')
      .select('id')
      .where('out_trade_no', '=', bought.json().response.order_id)
      .executeTakeFirstOrThrow();
    const refused = await call(owner(), 'POST', `/admin/api/money/orders/${pending.id}/refund`, {
      reason: '试试',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('order_not_paid');
    for (const body of [
      {},
      { reason: '' },
      { reason: 'x'.repeat(201) },
      { reason: 5 },
      { reason: 'ok', extra: true },
    ])
      expect(
        (await call(owner(), 'POST', `/admin/api/money/orders/${pending.id}/refund`, body)).statusCode,
      ).toBe(400);
    expect(
      (await call(owner(), 'POST', '/admin/api/money/orders/999999/refund', { reason: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('revenue export', () => {
  it('streams a CSV of the days’ paid orders in yuan, by business day, in the console’s language and the business time zone, safe to open in a spreadsheet', async () => {
    const hostile = (
      await call(
        owner(),
        'POST',
        '/admin/api/money/plans',
        planInput({ name: '=HYPERLINK("http://x","y")', price_cents: 1234 }),
      )
    ).json();
    const paid = await paidOrder(hostile.id);
    const refunded = await paidOrder();
    await call(owner(), 'POST', `/admin/api/money/orders/${refunded.id}/refund`, { reason: '退款' });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
      new Date(Date.now() - 4 * 3600_000),
    );

    const reply = await call(finance(), 'GET', `/admin/api/money/revenue.csv?from=${today}&to=${today}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/csv');
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="revenue-${today}-${today}.csv"`);
    const text = reply.body;
    // Headers in the console's language (zh-CN by default); the time columns name the zone.
    expect(
      text.startsWith('\uFEFF营业日,支付时间 (Asia/Shanghai),订单号,支付平台单号,用户 ID,套餐,支付方式,'),
    ).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    const row = lines.find((line) => line.includes(paid.outTradeNo))!;
    // Times are the business zone's wall time with its offset, not UTC. Between midnight and the
    // 04:00 reset the wall date is already the next calendar day while the business day is not.
    const wallDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect(row).toMatch(new RegExp(`^${today},${wallDate} \\d\\d:\\d\\d:\\d\\d \\+08:00,`));
    expect(row).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(row).toContain(',12.34,0.00,12.34,已支付,,0.00,12.34');
    const back = lines.find((line) => line.includes(refunded.outTradeNo))!;
    expect(back).toMatch(/,30\.00,0\.00,30\.00,已退款,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+08:00,30\.00,0\.00$/);

    const traditional = await call(
      finance(),
      'GET',
      `/admin/api/money/revenue.csv?from=${today}&to=${today}&locale=tw`,
    );
    expect(traditional.body.startsWith('\uFEFF營業日,付款時間 (Asia/Shanghai),訂單編號,金流單號,')).toBe(
      true,
    );
    expect(traditional.body).toContain(',已付款,');
    // Taking the export is recorded, with who and from where.
    const exports = await sut.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'client_address'])
      .where('action', '=', 'revenue.export')
      .orderBy('id', 'desc')
      .execute();
    expect(exports[0]).toEqual({
      action: 'revenue.export',
      target: `revenue:${today}/${today}`,
      client_address: '127.0.0.1',
    });

    const empty = await call(finance(), 'GET', '/admin/api/money/revenue.csv?from=2020-01-01&to=2020-01-02');
    expect(empty.body.slice(1).trimEnd().split('\r\n')).toHaveLength(1);
    for (const query of [
      'from=2026-01-05&to=2026-01-01',
      'from=2024-01-01&to=2026-01-01',
      'from=x&to=y',
      'to=2026-01-01',
    ])
      expect((await call(finance(), 'GET', `/admin/api/money/revenue.csv?${query}`)).statusCode, query).toBe(
        400,
      );
  });
});
