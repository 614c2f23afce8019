import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { consolePage, consoleShot } from './console.ts';
import { open, settle, shot, startedPhone, storedToken, userInfoOf } from './phone.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

const dialog = (page: Page, text: string) => page.getByRole('dialog').filter({ hasText: text });
/** antd spaces a two-character Chinese button label ("搜 索"), after any icon's name. */
const label = (text: string) => new RegExp(`(^|\\s)${[...text].join('\\s*')}$`);

/** A phone guest who bought the monthly plan on the sandbox gateway and came back VIP. */
async function phoneBuysVip(): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const { context, page } = await startedPhone(browser);
  const token = await storedToken(page);
  await open(page, '/member/payment?source=e2e');
  await page.getByTestId('plan-card').filter({ hasText: '月卡' }).click();
  await page.getByTestId('pay-methods').getByRole('button').filter({ hasText: '支付宝 通道A' }).click();
  await page.getByTestId('pay-button').click();
  await dialog(page, '确认购买').getByRole('button', { name: '确定' }).click();
  const [gateway] = await Promise.all([
    context.waitForEvent('page'),
    dialog(page, '订单已生成').getByRole('button', { name: '前往支付' }).click(),
  ]);
  await gateway.getByText('¥30.00').waitFor();
  await dialog(page, '会员将在5分钟内自动开通').getByRole('button', { name: '返回会员中心' }).click();
  await page.waitForURL(/\/member$/);
  await gateway.getByRole('button', { name: 'Pay 支付' }).click();
  await gateway.waitForURL((url) => url.pathname === '/member' && !url.search.includes('paid='));
  await gateway.close();
  // Back in the app's tab: shown again, it asks about the order and shows the VIP.
  await page.bringToFront();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await dialog(page, '支付成功').getByRole('button', { name: '开始观看' }).click();
  // Bought from the member page, not from a video: 开始观看 leads home (issue 38 item 3).
  await page.waitForURL((url) => url.pathname === '/long');
  expect((await userInfoOf(token)).vip).toBe(true);
  return { context, page, token };
}

describe('console: money', () => {
  it('finance refunds a phone user’s VIP order: the VIP days are gone and the order shows refunded', async () => {
    const phone = await phoneBuysVip();
    const userId = (await userInfoOf(phone.token)).user_id;

    const { context, page } = await consolePage(browser, 'finance');
    await page.getByRole('menuitem', { name: '订单与退款' }).click();
    await page.getByRole('heading', { name: '订单与退款' }).waitFor();
    await page.getByPlaceholder('用户 ID / 邮箱 / 手机号').fill(String(userId));
    await page.getByRole('button', { name: label('搜索') }).click();
    await page.getByText('共 1 条').waitFor(); // this buyer's one order
    const row = page.getByRole('row').filter({ hasText: '月卡' });
    await row.getByText('已支付').waitFor();
    await consoleShot(page, 'money-orders');

    await row.getByRole('button').first().click();
    const drawer = page.getByRole('dialog').filter({ hasText: '支付平台通知' });
    // The sandbox gateway notifies (and may repeat it); exactly one notify paid the order.
    await drawer.getByText(/^支付平台通知（\d+）$/).waitFor();
    await drawer.getByText('已据此开通').waitFor();
    expect(await drawer.getByText('已据此开通').count()).toBe(1);
    await consoleShot(page, 'money-order');

    await drawer.getByRole('button', { name: label('退款') }).click();
    const refund = dialog(page, '退款：订单');
    await refund.getByText('将扣回用户').waitFor();
    // The reason is required: an empty one is refused beside the field.
    // Tapped again until the refusal shows: once, on a busy machine, the first tap showed no
    // refusal in 30 s with the dialog open (cause not found; docs/decisions.md, session 17). A
    // second tap is what a person does, and an empty reason is refused alike.
    const submitRefund = refund.getByRole('button', { name: label('退款') });
    await expect
      .poll(async () => {
        await submitRefund.click();
        return refund.getByText('必填').isVisible();
      })
      .toBe(true);
    await refund.getByLabel('退款原因').fill('用户申请退款（测试）');
    await refund.locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
    await consoleShot(page, 'money-refund');
    await refund.getByRole('button', { name: label('退款') }).click();
    await page.getByText('已退款，扣回 30 天 VIP').waitFor();
    await drawer.getByText('已退款').first().waitFor();
    await drawer.getByText('用户申请退款（测试）').waitFor();
    expect(await drawer.getByRole('button', { name: label('退款') }).count()).toBe(0);
    await consoleShot(page, 'money-refunded');
    await context.close();

    // The phone: no VIP any more, and the orders page shows the order refunded.
    expect((await userInfoOf(phone.token)).vip).toBe(false);
    await phone.page.reload();
    await phone.page.locator('.app-tab-bar').waitFor();
    await settle(phone.page);
    await open(phone.page, '/member');
    await phone.page.getByTestId('vip-card').waitFor();
    expect(await phone.page.getByTestId('vip-card').getByText('尊贵VIP会员').count()).toBe(0);
    await open(phone.page, '/member/product');
    await phone.page.locator('.order-current').getByText('已退款').waitFor();
    await shot(phone.page, 'console-money-phone-refunded');
    await phone.context.close();
  });

  it('finance changes a plan’s price and the phone’s payment page shows it', async () => {
    const { context, page } = await consolePage(browser, 'finance');
    await page.getByRole('menuitem', { name: '套餐与优惠' }).click();
    const row = page.getByRole('row').filter({ hasText: '周卡' });
    await row.getByRole('button', { name: /^编辑/ }).click();
    // The edit dialog is in the address: a link opens it.
    expect(page.url()).toMatch(/[?&]edit=\d+/);
    const form = dialog(page, '编辑 周卡');
    await form.getByLabel('售价（元）').fill('13.5');
    await consoleShot(page, 'money-plan-edit');
    await form.getByRole('button', { name: label('保存') }).click();
    await row.getByText('¥13.50').waitFor();
    await form.waitFor({ state: 'hidden' });
    await consoleShot(page, 'money-plans');

    const phone = await startedPhone(browser);
    await open(phone.page, '/member/payment?source=e2e');
    await phone.page.getByRole('button', { name: '展开更多套餐' }).click();
    await phone.page.getByTestId('plan-card').filter({ hasText: '周卡' }).getByText('13.5').waitFor();
    await shot(phone.page, 'console-money-phone-price');
    await phone.context.close();

    // Back to the seeded price: other browser tests of this run read the plans.
    await row.getByRole('button', { name: /^编辑/ }).click();
    await form.getByLabel('售价（元）').fill('12');
    await form.getByRole('button', { name: label('保存') }).click();
    await row.getByText('¥12.00').waitFor();
    await context.close();
  });
});
