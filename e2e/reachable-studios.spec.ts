import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { shot, startedPhone } from './phone.ts';

/**
 * Issue 26 item 3: studios (片商) are reached by tapping — original's 片商 tab and the Recommend
 * feed's studios (layout 10) — and a studio opens its videos. A new guest starts on /long and gets
 * everywhere by tapping: no address is typed.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

/** An item of the bottom menu. */
const menu = (page: Page, name: string) => page.getByRole('navigation').getByText(name, { exact: true });

describe('studios are reachable (issue 26 item 3)', () => {
  it('/long → 原创 › 片商 lists studios → one opens its original videos → a video names it; the feed’s studios open theirs', async () => {
    const { context, page } = await startedPhone(browser);
    expect(new URL(page.url()).pathname).toBe('/long');

    await menu(page, '原创').click();
    await page.waitForURL((url) => url.pathname === '/original');
    await page.getByRole('tab', { name: '片商', exact: true }).click();
    const studios = page.getByTestId('studio-grid').getByRole('link');
    await expect.poll(() => studios.count()).toBeGreaterThan(1);
    await shot(page, 'reachable-studios-tab');
    const studio = studios.first();
    const name = ((await studio.textContent()) ?? '').trim();
    expect(name).not.toBe('');
    await studio.click();

    // The studio's page: its name, and its original videos.
    await page.waitForURL((url) => /^\/studio\/\d+$/.test(url.pathname));
    await page.getByTestId('studio-head').getByRole('heading', { name }).waitFor();
    await page.getByRole('tab', { name: '原创', selected: true }).waitFor();
    const videos = page.locator('.video-grid').getByRole('link');
    await expect.poll(() => videos.count()).toBeGreaterThan(0);
    await shot(page, 'reachable-studios-page');

    // A video of the studio names it as the publisher, a link back to its videos.
    await videos.first().click();
    await page.getByTestId('player').waitFor();
    await page.getByTestId('info-panel').getByRole('link', { name, exact: true }).waitFor();

    // Back (the phone's back button) to the original home; its Recommend feed shows the studios
    // (layout 10), and each opens its videos of that type too.
    await page.goBack();
    await page.waitForURL((url) => /^\/studio\/\d+$/.test(url.pathname));
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/original');
    await page.getByRole('tab', { name: '推荐', exact: true }).click();
    const feedStudio = page.getByTestId('feed-layout-10').getByRole('link').last();
    await feedStudio.scrollIntoViewIfNeeded();
    await shot(page, 'reachable-studios-feed');
    const feedName = ((await feedStudio.textContent()) ?? '').trim();
    await feedStudio.click();
    await page.waitForURL((url) => /^\/studio\/\d+$/.test(url.pathname));
    await page.getByTestId('studio-head').getByRole('heading', { name: feedName }).waitFor();
    await page.getByRole('tab', { name: '原创', selected: true }).waitFor();
    await expect.poll(() => videos.count()).toBeGreaterThan(0);
    await context.close();
  });
});
