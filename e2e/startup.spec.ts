import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, phoneContext, screenshotPath } from './browser.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

describe('start-up shell', () => {
  it('made the demo catalogue and served a first start in under 90 s', () => {
    expect(inject('firstStartSeconds')).toBeLessThan(90);
  });

  it('sends a first visit without a code through the jump page to /long with a token, then reuses the token', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/?utm_source=e2e`);
    await page.waitForURL(/\/long$/);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('app.token')))
      .toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.getByText('排行').waitFor();
    const userId = await page.getByTestId('user-id').textContent();
    await page.screenshot({ path: screenshotPath('startup-long') });

    const launches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/launch') || request.url().includes('/v1/fastlogin'))
        launches.push(request.url());
    });
    await page.goto(`${baseUrl}/long`);
    await page.getByText('排行').waitFor();
    expect(await page.getByTestId('user-id').textContent()).toBe(userId);
    expect(launches).toEqual([]);
    await context.close();
  });

  it('serves the app shell for any history-mode path', async () => {
    const reply = await fetch(`${baseUrl}/member/setting`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('text/html');
    expect(await reply.text()).toContain('<div id="root">');
  });
});
