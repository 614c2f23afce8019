import type { DashboardReply } from '@app/contract/console/dashboard';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { asOwner, baseUrl, consolePage, consoleShot } from './console.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

/** A guest arrives the way the app starts one, and reports a start-up failure on a line. */
async function guestWithFailure(line: string) {
  const launch = await (await fetch(`${baseUrl}/v1/launch`, { method: 'POST' })).json();
  const login = await fetch(`${baseUrl}/v1/fastlogin?platform=web`, {
    headers: { 'x-fast-code': launch.response.code },
  });
  const token = (await login.json()).response.token as string;
  await fetch(`${baseUrl}/v1/user/info?token=${token}`, { method: 'POST' });
  await fetch(`${baseUrl}/v1/analytics/event?token=${token}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event: 'menu_get_fail', line }),
  });
}

describe('console dashboard', () => {
  it("shows today's figures, the 30-day charts and the failures per line", async () => {
    await guestWithFailure('https://line-e2e.example.com');
    await guestWithFailure('https://line-e2e.example.com');
    const figures = await (await asOwner())<DashboardReply>('GET', '/dashboard');
    expect(figures.periods.today.newGuests).toBeGreaterThanOrEqual(2);

    const { context, page } = await consolePage(browser, 'finance');
    try {
      await page.getByRole('menuitem', { name: '数据概览' }).click();
      await page.getByRole('heading', { name: '数据概览' }).waitFor();
      const card = (label: string) => page.locator('.dashboard-figure').filter({ hasText: label });
      // The page shows the API's own figures (guests from other tests may arrive in between: at least).
      const shown = Number(
        (await card('新增游客').locator('.ant-statistic-content-value').innerText()).replace(/,/g, ''),
      );
      expect(shown).toBeGreaterThanOrEqual(figures.periods.today.newGuests);
      await expect.poll(() => card('日活跃用户').innerText()).toMatch(/\d/);
      await expect.poll(() => card('收入').innerText()).toMatch(/¥\s*[\d,]+\.\d\d/);
      await expect.poll(() => card('游客 → VIP 转化率').innerText()).toMatch(/%/);
      // The charts drew (a canvas each), and the failure the app reported is in the table.
      await expect.poll(() => page.locator('.dashboard canvas').count()).toBeGreaterThanOrEqual(3);
      const failure = page.getByRole('row').filter({ hasText: 'https://line-e2e.example.com' });
      await expect.poll(() => failure.innerText()).toContain('获取菜单失败');

      await page.getByText('近 30 日', { exact: true }).first().click();
      await expect
        .poll(() => page.locator('.dashboard-window').innerText())
        .toContain(figures.periods.days30.from);
      // Over 30 days: refunds are their own figures, and the per-day average is said to be one.
      await expect.poll(() => card('退款金额').innerText()).toMatch(/¥\s*[\d,]+\.\d\d/);
      await expect.poll(() => card('VIP 购买').innerText()).toMatch(/日均 \d+\.\d/);
      await page.waitForTimeout(600); // the charts' entry animation
      await consoleShot(page, 'dashboard');
      expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/undefined|NaN|dashboard_/);
    } finally {
      await context.close();
    }
  });

  it('is not in the menu of an editor, whose request for it is refused', async () => {
    const { context, page } = await consolePage(browser, 'editor');
    try {
      expect(await page.getByRole('menuitem', { name: '数据概览' }).count()).toBe(0);
      const status = await page.evaluate(async () => (await fetch('/admin/api/dashboard')).status);
      expect(status).toBe(403);
    } finally {
      await context.close();
    }
  });
});
