import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import {
  api,
  apiGet,
  baseUrl,
  button,
  open,
  settle,
  shot,
  startedPhone,
  storedToken,
  userInfoOf,
} from './phone.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

const planCard = (page: Page, name: string) => page.getByTestId('plan-card').filter({ hasText: name });
const ticketButton = (page: Page, name: string) =>
  page.getByTestId('ticket-list').getByRole('button').filter({ hasText: name });
const method = (page: Page, detail: string) =>
  page.getByTestId('pay-methods').getByRole('button').filter({ hasText: detail });
const payButton = (page: Page) => page.getByTestId('pay-button');
const dialog = (page: Page, text: string) => page.getByRole('dialog').filter({ hasText: text });

/** A fresh guest (never VIP) on a started phone, with its token. */
async function guestPhone(): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const { context, page } = await startedPhone(browser);
  return { context, page, token: await storedToken(page) };
}

/** A buy reply made up by the test: the §8 codes a sandbox never answers with. */
async function replyToBuy(context: BrowserContext, code: number | 'network', message = '') {
  await context.route(/\/v2\/shop\/buy(\?|$)/, (route) =>
    code === 'network'
      ? route.abort('connectionfailed')
      : route.fulfill({ status: code, json: { status: { code, message }, response: null } }),
  );
}

describe('payment', () => {
  it('a non-VIP picks a plan and a ticket, pays on the sandbox gateway and comes back VIP', async () => {
    const { context, page, token } = await guestPhone();
    expect((await userInfoOf(token)).vip).toBe(false);
    const granted = await api<{ id: number }>('/dev/grant-ticket', { template: '季卡优惠券' }, token);
    expect(granted.status.code).toBe(200);

    await open(page, '/member/payment?source=e2e');
    await planCard(page, '月卡').waitFor();
    // The first 3 plans; the rest behind the toggle.
    expect(await page.getByTestId('plan-card').count()).toBe(3);
    await page.getByRole('button', { name: '展开更多套餐' }).click();
    expect(await page.getByTestId('plan-card').count()).toBe(5);
    await page.getByRole('button', { name: '收起' }).click();
    expect(await page.getByTestId('plan-card').count()).toBe(3);
    await page.getByText('请在60秒内完成支付，超时订单将自动失效。').first().waitFor();
    await page.getByText('建议先绑定手机号，避免更换设备后会员丢失').waitFor();
    expect(await payButton(page).textContent()).toBe('请选择支付方式');
    await shot(page, 'payment-plans');

    // 满68减10: not for the 30 yuan plan, selectable on the 68 one.
    await planCard(page, '月卡').click();
    expect(await ticketButton(page, '季卡优惠券').getAttribute('aria-disabled')).toBe('true');
    await ticketButton(page, '季卡优惠券').click({ force: true });
    expect(await ticketButton(page, '季卡优惠券').getAttribute('aria-pressed')).toBe('false');
    await planCard(page, '季卡').click();
    await ticketButton(page, '季卡优惠券').click();
    expect(await ticketButton(page, '季卡优惠券').getAttribute('aria-pressed')).toBe('true');
    await page.getByText('合计：¥58').waitFor();
    expect(await payButton(page).textContent()).toBe('请选择支付方式');

    // A method is selected and deselected by taps; another plan resets ticket and method.
    await method(page, '支付宝 通道A').click();
    expect(await payButton(page).textContent()).toBe('确认支付 ¥58');
    await method(page, '支付宝 通道A').click();
    expect(await payButton(page).textContent()).toBe('请选择支付方式');
    await method(page, '支付宝 通道A').click();
    await planCard(page, '年卡').click();
    expect(await payButton(page).textContent()).toBe('请选择支付方式');
    await page.getByText('合计：¥198').waitFor();
    await planCard(page, '季卡').click();
    expect(await ticketButton(page, '季卡优惠券').getAttribute('aria-pressed')).toBe('false');
    await ticketButton(page, '季卡优惠券').click();
    await method(page, '支付宝 通道A').click();
    expect(await payButton(page).textContent()).toBe('确认支付 ¥58');
    await shot(page, 'payment-selected');

    await payButton(page).click();
    await dialog(page, '确认购买“季卡”，支付 ¥58？').waitFor();
    await shot(page, 'payment-confirm');
    await dialog(page, '确认购买').getByRole('button', { name: '确定' }).click();
    const link = dialog(page, '订单已生成');
    await link.getByText('¥58').waitFor();
    await shot(page, 'payment-link');

    const [gateway] = await Promise.all([
      context.waitForEvent('page'),
      link.getByRole('button', { name: '前往支付' }).click(),
    ]);
    await gateway.getByText('¥58.00').waitFor();
    await shot(gateway, 'payment-gateway');
    // The member pop-up, then the member page, in the app's own tab.
    await dialog(page, '会员将在5分钟内自动开通').getByRole('button', { name: '返回会员中心' }).click();
    await page.waitForURL(/\/member$/);

    await gateway.getByRole('button', { name: 'Pay 支付' }).click();
    // The gateway returns the payer to the app, which shows the VIP just paid for.
    await gateway.waitForURL((url) => url.pathname === '/member' && url.search.includes('paid='));
    // The app reads the order's return once, then drops it from the address.
    await gateway.waitForURL((url) => url.pathname === '/member' && !url.search.includes('paid='));
    // Start-up's pop-ups (a bound-account reminder for the new VIP) may lead elsewhere: back to member.
    await settle(gateway);
    await open(gateway, '/member');
    await gateway.getByTestId('vip-card').getByText('尊贵VIP会员').waitFor();
    await shot(gateway, 'payment-vip');
    expect((await userInfoOf(token)).vip).toBe(true);

    // Back in the first tab: shown again, it asks about the order by itself and shows the result.
    await page.bringToFront();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await dialog(page, '支付成功').getByRole('button', { name: '开始观看' }).click();
    await dialog(page, '支付成功').waitFor({ state: 'detached' });
    // Bought from the member page, not from a video: 开始观看 leads home (issue 38 item 3).
    await page.waitForURL((url) => url.pathname === '/long');

    // The 480 quality is now open on the player: no upgrade dialog, and the switch shows HD.
    const top = (await apiGet<{ videos: { video_id: string }[] }>('/v1/videos/long/top', token)).response;
    await open(page, `/long/play/${top.videos[0]!.video_id}`);
    // A guest who just became VIP is first reminded to bind, so the VIP is not lost with the account.
    const reminder = page.getByRole('dialog').filter({ hasText: '您的VIP有效期至' });
    await reminder.getByRole('button', { name: '下次再说' }).click();
    await reminder.waitFor({ state: 'detached' });
    await page.getByTestId('switch-quality').click();
    await page.getByTestId('choice-panel-quality').getByText('高清 480P', { exact: true }).click();
    await expect.poll(() => page.getByTestId('switch-quality').textContent()).toContain('480P');
    expect(await page.getByRole('dialog').filter({ hasText: 'VIP专属' }).count()).toBe(0);

    // The ticket is spent; the order is in the history with its price taken off.
    const tickets = await fetch(
      `${baseUrl}/v2/shop/cash_discost?type=list&token=${encodeURIComponent(token)}`,
    );
    expect(((await tickets.json()) as { response: { result: unknown[] } }).response.result).toEqual([]);
    await open(page, '/member/product');
    await page.getByTestId('current-order-name').getByText('季卡').waitFor();
    await page.getByText('生效中').waitFor();
    await page.getByText('自动续费：否').waitFor();
    await page.getByText('支付方式：支付宝').waitFor();
    const history = page.getByTestId('order-history').getByRole('listitem');
    expect(await history.count()).toBe(1);
    expect(await history.first().textContent()).toContain('58元');
    await shot(page, 'payment-orders');

    // A second order request in the same minute: the single notice.
    await open(page, '/member/payment');
    await planCard(page, '月卡').click();
    await method(page, '微信支付 通道A').click();
    await payButton(page).click();
    await dialog(page, '确认购买').getByRole('button', { name: '确定' }).click();
    await dialog(page, '每分钟仅可发起一次订单，请稍后再试')
      .getByRole('button', { name: '我知道了' })
      .click();
    await context.close();
  }, 180_000);

  it('a ticket another order of the account holds meanwhile: the notice says why, and the list drops it', async () => {
    const { context, page, token } = await guestPhone();
    const granted = await api<{ id: number }>('/dev/grant-ticket', { template: '新人立减券' }, token);
    await open(page, '/member/payment?source=e2e');
    await planCard(page, '月卡').click();
    await ticketButton(page, '新人立减券').click();
    await method(page, '支付宝 通道A').click();
    expect(await payButton(page).textContent()).toBe('确认支付 ¥25');

    // Another tab of the same account orders with the ticket first (its order is pending).
    const plans = (await (await fetch(`${baseUrl}/v2/shop/api`)).json()).response.plan2;
    const monthly = plans.find((plan: { name: string }) => plan.name === '月卡');
    const query = new URLSearchParams({
      token,
      plan: String(monthly.id),
      payment: String(monthly.payments[0].payments[0].id),
      cash_id: String(granted.response.id),
    });
    expect((await (await fetch(`${baseUrl}/v2/shop/buy?${query}`)).json()).status.code).toBe(200);

    await payButton(page).click();
    await dialog(page, '确认购买').getByRole('button', { name: '确定' }).click();
    const notice = dialog(page, '该优惠券正用于一笔待支付的订单');
    await notice
      .getByText('该优惠券正用于一笔待支付的订单，订单支付或失效（最多15分钟）后才能再次使用')
      .waitFor();
    await shot(page, 'payment-ticket-reserved');
    await notice.getByRole('button').click();
    await expect.poll(() => ticketButton(page, '新人立减券').count()).toBe(0);
    await context.close();
  });

  it('busy, error and failed buy requests: their notices, and a failed request only stops loading', async () => {
    const { context, page } = await guestPhone();
    await open(page, '/member/payment');
    await planCard(page, '月卡').click();
    await method(page, '支付宝 通道A').click();
    const attempt = async () => {
      await payButton(page).click();
      await dialog(page, '确认购买').getByRole('button', { name: '确定' }).click();
    };

    await replyToBuy(context, 402, 'channel_busy');
    await attempt();
    await dialog(page, '当前支付通道繁忙，请更换其他通道').getByRole('button').click();
    await context.unrouteAll();
    for (const code of [500, 501, 502]) {
      await replyToBuy(context, code);
      await attempt();
      await dialog(page, '支付请求失败，请重试').getByRole('button').click();
      await context.unrouteAll();
    }
    await replyToBuy(context, 'network');
    await attempt();
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="pay-button"].adm-button-loading'),
    );
    await expect.poll(() => page.getByRole('dialog').filter({ visible: true }).count()).toBe(0);
    expect(await payButton(page).textContent()).toBe('确认支付 ¥30');
    await context.close();
  });

  it('cash maintenance: the maintenance text, and an alert whose confirm goes back', async () => {
    const { context, page } = await guestPhone();
    await context.route(/\/v2\/shop\/api(\?|$)/, (route) =>
      route.fulfill({
        json: { status: { code: 200, message: 'cash_maintain' }, response: { plan2: [], maintain: true } },
      }),
    );
    await open(page, '/member');
    await open(page, '/member/payment');
    await page.getByTestId('payment-maintenance').getByText('支付通道维护中，请稍后再试').waitFor();
    const alert = dialog(page, '感谢您的支持！维护期间全站赠送VIP体验');
    await alert.waitFor();
    await shot(page, 'payment-maintenance');
    await alert.getByRole('button', { name: '确定' }).click();
    await page.waitForURL(/\/member$/);
    await context.close();
  });

  it('old payment: a plan, then a method opens the old buy link on the gateway', async () => {
    const { context, page } = await guestPhone();
    await open(page, '/member/paymentOld?source=old');
    await page.getByRole('button', { name: /半年卡/ }).waitFor();
    await page.getByText('请先选择套餐').waitFor();
    await page.getByRole('button', { name: /^季卡/ }).click();
    await expect.poll(() => page.getByTestId('promo-button').count()).toBe(0);
    await shot(page, 'payment-old');
    const [gateway] = await Promise.all([context.waitForEvent('page'), button(page, '微信支付').click()]);
    await gateway.waitForURL(/\/sandbox-pay\/submit\.php/);
    await gateway.getByText('¥68.00').waitFor();
    await gateway.getByText('微信支付 WeChat Pay').waitFor();
    await dialog(page, '会员将在5分钟内自动开通').getByRole('button', { name: '返回会员中心' }).click();
    await page.waitForURL(/\/member$/);
    await context.close();
  });

  it('sale page: tag, headline, bonus, one plan, countdown, benefits and methods; the countdown hides at zero', async () => {
    const { context, page } = await guestPhone();
    await open(page, '/member/paymentSale/A?source=promotion');
    await page.getByText('新人专享').waitFor();
    await page.getByRole('heading', { name: '新用户限时福利，开通加赠20天' }).waitFor();
    await page.getByTestId('sale-plan').getByText('限时特惠 A').waitFor();
    expect(await page.getByTestId('sale-countdown').textContent()).toMatch(/优惠剩余1[45]:[0-5]\d$/);
    for (const benefit of ['VIP专属视频', '倍速播放', '高速线路切换', '高清画质', '离线缓存', '专属收藏夹'])
      await page.getByText(benefit, { exact: true }).waitFor();
    expect(await payButton(page).textContent()).toBe('请选择支付方式');
    await shot(page, 'payment-sale');
    await method(page, '银联 云闪付').click();
    expect(await payButton(page).textContent()).toBe('确认支付 ¥25');
    await page.getByRole('link', { name: '查看更多套餐' }).waitFor();
    await shot(page, 'payment-sale-full', true);

    // A countdown begun 16 minutes ago has run out; D does not link back to the plans.
    await page.evaluate(() =>
      localStorage.setItem('app.saleCountdownStarts', JSON.stringify({ D: Date.now() - 16 * 60_000 })),
    );
    await open(page, '/member/paymentSale/D');
    await page.getByText('忠实回馈').waitFor();
    await page.getByTestId('sale-plan').waitFor();
    expect(await page.getByTestId('sale-countdown').count()).toBe(0);
    expect(await page.getByRole('link', { name: '查看更多套餐' }).count()).toBe(0);
    await context.close();
  });

  it('orders: the empty state and the way to an appeal', async () => {
    const { context, page } = await guestPhone();
    await open(page, '/member/product');
    await page.getByTestId('orders-empty').getByText('暂无订单记录').waitFor();
    await page.getByRole('link', { name: '支付遇到问题？去申诉' }).waitFor();
    await shot(page, 'payment-orders-empty');
    await context.close();
  });
});
