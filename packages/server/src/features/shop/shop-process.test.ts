import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from '../../test/build-app.ts';
import { exitOf, freePort, startTs, waitForHealthy } from '../../test/run-process.ts';
import { checkoutParams, gatewayNotify, TEST_PAYMENT } from '../../test/shop-kit.ts';

/** The real server process: an order made before a crash is paid exactly once after the restart. */
let data: Awaited<ReturnType<typeof prepareDataDir>>;
beforeAll(async () => {
  data = await prepareDataDir({ LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...TEST_PAYMENT });
});
afterAll(async () => data.remove());

describe('the server process', () => {
  it('pays an order made before a SIGKILL exactly once when notified after the restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = { ...data.env, PORT: String(port) };

    const first = startTs('src/server.ts', [], env);
    let token: string;
    let order: { out_trade_no: string; money: string };
    try {
      await waitForHealthy(base, first);
      const { code } = (await (await fetch(`${base}/v1/launch`, { method: 'POST' })).json()).response;
      token = (await (await fetch(`${base}/v1/fastlogin`, { headers: { 'x-fast-code': code } })).json())
        .response.token;
      const plans = (await (await fetch(`${base}/v2/shop/api`)).json()).response.plan2;
      const plan = plans[0];
      const buy = await fetch(
        `${base}/v2/shop/buy?token=${token}&plan=${plan.id}&payment=${plan.payments[0].payments[0].id}`,
      );
      expect(buy.status).toBe(200);
      const params = checkoutParams((await buy.json()).response.url);
      order = { out_trade_no: params.out_trade_no!, money: params.money! };
    } finally {
      first.kill('SIGKILL');
      await exitOf(first);
    }

    const second = startTs('src/server.ts', [], env);
    try {
      await waitForHealthy(base, second);
      const before = Date.now();
      const notifyUrl = `${base}/pay/notify?${new URLSearchParams(gatewayNotify(order)).toString()}`;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => fetch(notifyUrl).then((reply) => reply.text())),
      );
      expect(answers).toEqual(Array(5).fill('success'));
      expect(await (await fetch(notifyUrl)).text()).toBe('success');

      const info = (await (await fetch(`${base}/v1/user/info?token=${token}`, { method: 'POST' })).json())
        .response;
      expect(info.vip).toBe(true);
      const days = (info.userInfo.expiry * 1000 - before) / 86_400_000;
      expect(days).toBeGreaterThan(29.99);
      expect(days).toBeLessThan(30.01);
      const history = (
        await (await fetch(`${base}/v1/shop/history?token=${token}`, { method: 'POST' })).json()
      ).response.orders;
      expect(history).toHaveLength(1);
      expect(history[0].order_id).toBe(order.out_trade_no);
    } finally {
      second.kill('SIGTERM');
      await exitOf(second);
    }
  });
});
