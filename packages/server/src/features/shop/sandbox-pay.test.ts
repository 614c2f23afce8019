import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedParams } from '../../adapters/payment-gateway.ts';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';
import { checkoutParams, moneyState, TEST_PAYMENT } from '../../test/shop-kit.ts';

/**
 * The sandbox gateway over real HTTP, as a phone uses it: the checkout page, Pay sending the signed
 * notify to the server as a separate request, and the way back to the app.
 */
const DAY_MS = 86_400_000;

let sut: TestApp;
let base: string;
let monthlyId: number;
let alipay: number;
beforeAll(async () => {
  sut = await buildTestApp({ ...TEST_PAYMENT });
  await sut.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(sut.app.server.address() as { port: number }).port}`;
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

async function guest(): Promise<{ token: string; userId: number }> {
  const { code } = (await (await fetch(`${base}/v1/launch`, { method: 'POST' })).json()).response;
  const login = await fetch(`${base}/v1/fastlogin`, { headers: { 'x-fast-code': code } });
  const token = (await login.json()).response.token as string;
  const info = await (await fetch(`${base}/v1/user/info?token=${token}`, { method: 'POST' })).json();
  return { token, userId: info.response.userInfo.user_id };
}

async function checkoutUrl(token: string): Promise<string> {
  const reply = await fetch(`${base}/v2/shop/buy?token=${token}&plan=${monthlyId}&payment=${alipay}`);
  expect(reply.status).toBe(200);
  return (await reply.json()).response.url;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!);

/** The checkout page's Pay form fields and Cancel address, read as a browser would. */
function formOf(html: string) {
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((match) => [
      unescape(match[1]!),
      unescape(match[2]!),
    ]),
  );
  const cancel = unescape(/<a class="cancel" href="([^"]*)"/.exec(html)![1]!);
  return { fields, cancel };
}

function pay(fields: Record<string, string>) {
  return fetch(`${base}/sandbox-pay/pay`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
}

describe('the sandbox gateway', () => {
  it('shows the plan and amount; Pay notifies the server, the order is paid, VIP extended, and the payer returns to the app', async () => {
    const { token, userId } = await guest();
    const url = await checkoutUrl(token);
    expect(url.startsWith(`${base}/sandbox-pay/submit.php?`)).toBe(true);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('月卡');
    expect(html).toContain('¥30.00');
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/>Pay/);
    expect(html).toMatch(/>Cancel/);

    const before = Date.now();
    const { fields } = formOf(html);
    const paid = await pay(fields);
    expect(paid.status).toBe(303);
    const { out_trade_no } = checkoutParams(url);
    expect(paid.headers.get('location')).toBe(`${base}/member?paid=${out_trade_no}`);

    const state = await moneyState(sut.db, userId);
    expect(state.orders).toMatchObject([{ status: 'paid' }]);
    expect(state.user.paid_orders).toBe(1);
    expect(state.user.vip_expiry!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    const info = await (await fetch(`${base}/v1/user/info?token=${token}`, { method: 'POST' })).json();
    expect(info.response.vip).toBe(true);
    const history = await (await fetch(`${base}/v1/shop/history?token=${token}`, { method: 'POST' })).json();
    expect(history.response.orders).toMatchObject([{ name: '月卡', price: 30, order_id: out_trade_no }]);

    // Pressing Pay twice (a double tap) sends a second notify that changes nothing.
    expect((await pay(fields)).status).toBe(303);
    expect(await moneyState(sut.db, userId)).toEqual(state);
  });

  it('returns to the member page without paying on Cancel', async () => {
    const { token, userId } = await guest();
    const { cancel } = formOf(await (await fetch(await checkoutUrl(token))).text());
    expect(cancel).toMatch(new RegExp(`^${base}/member\\?unpaid=[0-9a-z]+$`));
    expect((await moneyState(sut.db, userId)).orders).toMatchObject([{ status: 'pending' }]);
    expect((await moneyState(sut.db, userId)).user.vip_expiry).toBeNull();
  });

  it('refuses an order whose fields were changed after signing, paying nothing', async () => {
    const { token, userId } = await guest();
    const url = await checkoutUrl(token);
    const tampered = new URL(url);
    tampered.searchParams.set('money', '0.01');
    expect((await fetch(tampered)).status).toBe(401);
    const { fields } = formOf(await (await fetch(url)).text());
    expect((await pay({ ...fields, money: '0.01' })).status).toBe(401);
    expect((await pay({ ...fields, notify_url: 'http://127.0.0.1:9/steal' })).status).toBe(401);
    expect((await moneyState(sut.db, userId)).orders).toMatchObject([{ status: 'pending' }]);
  });

  it('says so and stays on the gateway when the merchant does not answer `success`', async () => {
    const { token, userId } = await guest();
    const { fields } = formOf(await (await fetch(await checkoutUrl(token))).text());
    const { sign: _sign, sign_type: _type, ...order } = fields;
    // Signed, but for an amount the order does not have: the merchant refuses the notify.
    const cheaper = signedParams({ ...order, money: '0.01' }, TEST_PAYMENT.PAYMENT_KEY);
    const answer = await pay(cheaper);
    expect(answer.status).toBe(502);
    expect(await answer.text()).toContain('Payment not confirmed');
    expect((await moneyState(sut.db, userId)).orders).toMatchObject([{ status: 'pending' }]);
  });

  it('notifies only this server: a hostile Host or notify_url sends nothing elsewhere, and the payment completes', async () => {
    // Another server on this machine, which would gladly answer `success` to anything.
    const received: string[] = [];
    const bystander = http.createServer((request, response) => {
      received.push(`${request.method} ${request.url}`);
      response.end('success');
    });
    await new Promise<void>((resolve) => bystander.listen(0, '127.0.0.1', resolve));
    const elsewhere = `127.0.0.1:${(bystander.address() as AddressInfo).port}`;
    try {
      // The buy arrives with a Host naming the other server (a valid host, so the order is made):
      // its links name that host, the way a hostile client or a misrouted request would make them.
      const { token, userId } = await guest();
      const buy = await sut.app.inject({
        method: 'GET',
        url: `/v2/shop/buy?token=${token}&plan=${monthlyId}&payment=${alipay}`,
        headers: { host: elsewhere },
      });
      const url = new URL(buy.json().response.url as string);
      expect(checkoutParams(url.toString()).notify_url).toBe(`http://${elsewhere}/pay/notify`);
      const { fields } = formOf(await (await fetch(`${base}${url.pathname}${url.search}`)).text());
      expect((await pay(fields)).status).toBe(303);
      expect((await moneyState(sut.db, userId)).orders).toMatchObject([{ status: 'paid' }]);

      // A signed order naming the other server outright: paid through this server all the same.
      const second = await guest();
      const form = formOf(await (await fetch(await checkoutUrl(second.token))).text()).fields;
      const { sign: _sign, sign_type: _type, ...order } = form;
      const redirected = signedParams(
        { ...order, notify_url: `http://${elsewhere}/pay/notify` },
        TEST_PAYMENT.PAYMENT_KEY,
      );
      expect((await pay(redirected)).status).toBe(303);
      expect((await moneyState(sut.db, second.userId)).orders).toMatchObject([{ status: 'paid' }]);
      // Any other path is no notify of this merchant.
      const third = await guest();
      const other = formOf(await (await fetch(await checkoutUrl(third.token))).text()).fields;
      const { sign: _s, sign_type: _t, ...thirdOrder } = other;
      const stealing = signedParams(
        { ...thirdOrder, notify_url: `http://${elsewhere}/steal` },
        TEST_PAYMENT.PAYMENT_KEY,
      );
      const refused = await pay(stealing);
      expect(refused.status).toBe(401);
      expect(await refused.text()).not.toContain('success');
      expect((await moneyState(sut.db, third.userId)).orders).toMatchObject([{ status: 'pending' }]);

      expect(received).toEqual([]);
    } finally {
      await new Promise((resolve) => bystander.close(resolve));
    }
  });

  it('shows plan names as text, never as markup', async () => {
    const { token } = await guest();
    const hostile = `<img src=x onerror="alert(1)">&'`;
    await sut.db.updateTable('plans').set({ name: hostile }).where('id', '=', monthlyId).execute();
    try {
      const html = await (await fetch(await checkoutUrl(token))).text();
      expect(html).not.toContain('<img');
      expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;');
    } finally {
      await sut.db.updateTable('plans').set({ name: '月卡' }).where('id', '=', monthlyId).execute();
    }
  });
});

describe('live mode', () => {
  it('mounts no sandbox, and without gateway settings answers buy with 500 and keeps no live order', async () => {
    const live = await buildTestApp({ PAYMENT_MODE: 'live' });
    try {
      expect(
        (await live.app.inject({ method: 'GET', url: '/sandbox-pay/submit.php?pid=1' })).statusCode,
      ).toBe(404);
      const code = (await live.app.inject({ method: 'POST', url: '/v1/launch' })).json().response.code;
      const login = await live.app.inject({
        method: 'GET',
        url: '/v1/fastlogin',
        headers: { 'x-fast-code': code },
      });
      const token = login.json().response.token;
      const reply = await live.app.inject({
        method: 'GET',
        url: `/v2/shop/buy?token=${token}&plan=${monthlyId}&payment=${alipay}`,
      });
      expect(reply.statusCode).toBe(500);
      expect(reply.json().status.code).toBe(500);
      const orders = await live.db.selectFrom('orders').select('status').execute();
      expect(orders).toEqual([{ status: 'failed' }]);
    } finally {
      await live.close();
    }
  });
});
