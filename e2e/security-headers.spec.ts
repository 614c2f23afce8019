import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, PHONE } from './browser.ts';
import { demoVideos } from './demo-videos.ts';
import { api, baseUrl, boundAccount, open, settle, shot } from './phone.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

const dialog = (page: Page, text: string) => page.getByRole('dialog').filter({ hasText: text });

/**
 * The app under its Content Security Policy, as a phone runs it with the service worker on:
 * start-up (host list, line race on the other ports, encrypted covers shown as blob: images),
 * playback (hls.js feeding the video from a stream line) and a purchase on the sandbox gateway.
 * Every CSP violation the pages report (the `securitypolicyviolation` event and the console's
 * "Content Security Policy" messages) fails the test.
 */
describe('security headers', () => {
  it('start-up, playback and the sandbox payment run with the service worker on and no CSP violation', async () => {
    const { token } = await boundAccount('secret123');
    // The service worker is on in this context: it must live with the policy too.
    const context = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
    const violations: string[] = [];
    await context.exposeBinding('reportViolation', (_source, text: string) => violations.push(text));
    await context.addInitScript((stored) => {
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
          `${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI}`,
        ),
      );
      // Pages without storage of their own (the opened tab's first blank document) are skipped.
      try {
        if (!localStorage.getItem('app.token')) localStorage.setItem('app.token', JSON.stringify(stored));
      } catch {
        return;
      }
    }, token);
    context.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    context.on('weberror', (error) => violations.push(`page error: ${error.error().message}`));

    // Start-up, and the policy the page was served with.
    const page = await context.newPage();
    const served = await page.goto(`${baseUrl}/long`);
    const policy = served?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(served?.headers()['x-content-type-options']).toBe('nosniff');
    expect(served?.headers()['referrer-policy']).toBe('no-referrer');
    await page.locator('.app-tab-bar').waitFor();
    await settle(page, { decline: true });
    // Once the service worker controls the page, start again through it.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // Start-up's pop-ups run again; declined, so the phone stays on the home page.
    await settle(page, { decline: true });
    await open(page, '/long');
    await page.locator('.app-tab-bar').waitFor();
    // Covers are decrypted on the page and shown from blob: addresses.
    await page.locator('img[src^="blob:"]').first().waitFor();
    await shot(page, 'csp-home');

    // Playback on a stream line.
    const video = (await demoVideos()).find((item) => item.type === 'long')!;
    await open(page, `/long/play/${video.avkey}`);
    await page.getByTestId('player').waitFor();
    await page.waitForFunction(
      () => {
        const element = document.querySelector<HTMLVideoElement>('video.player__video');
        return Boolean(element && !element.paused && element.currentTime > 1.5);
      },
      undefined,
      { timeout: 30_000 },
    );
    await shot(page, 'csp-playing');

    // A purchase through the sandbox gateway, which opens in its own tab and returns to the app.
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
    await shot(gateway, 'csp-gateway');
    await gateway.getByRole('button', { name: 'Pay 支付' }).click();
    await gateway.waitForURL((url) => url.pathname === '/member');
    await gateway.locator('.app-tab-bar').waitFor();
    await settle(gateway, { decline: true });
    const history = await api<{ orders: { name: string }[] }>('/v1/shop/history', {}, token);
    expect(history.response.orders.map((order) => order.name)).toEqual(['月卡']);

    // The jump page's inline script runs (allowed by its hash) and enters the app with a code.
    await gateway.goto(`${baseUrl}/jump`);
    await gateway.waitForURL(/\/long\?code=/);

    expect(violations).toEqual([]);
    await context.close();
  });
});
