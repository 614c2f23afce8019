import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { shot, startedPhone } from './phone.ts';

/**
 * Issue 26 item 1: creators are reached by tapping. A new guest starts on /long and gets
 * everywhere through what is on screen: no address is typed.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

/** An item of the bottom menu. */
const menu = (page: Page, name: string) => page.getByRole('navigation').getByText(name, { exact: true });

describe('creators are reachable (issue 26 item 1)', () => {
  it('/long → 发现: the empty 关注 tab suggests creators; a card’s creator → their page → follow → 关注 lists them with their newest videos', async () => {
    const { context, page } = await startedPhone(browser);
    expect(new URL(page.url()).pathname).toBe('/long');

    await menu(page, '发现').click();
    await page.waitForURL((url) => url.pathname === '/find');

    // A new guest follows nobody: the 关注 tab says so and suggests creators to follow.
    await page.getByRole('tab', { name: '关注' }).click();
    await page.getByText('还没有关注任何人').waitFor();
    await page.getByRole('heading', { name: '推荐关注' }).waitFor();
    const suggestions = page.getByTestId('suggested-creators').getByTestId('creator-item');
    await expect.poll(() => suggestions.count()).toBeGreaterThan(1);
    await shot(page, 'reachable-creators-suggestions');

    // Every card of the find page names its creator; the name opens the creator's page.
    await page.getByRole('tab', { name: '长视频' }).click();
    const creator = page.locator('.explore-grid').getByTestId('creator-link').first();
    await creator.waitFor();
    const name = ((await creator.textContent()) ?? '').trim();
    expect(name).not.toBe('');
    await shot(page, 'reachable-creators-find');
    await creator.click();
    await page.waitForURL((url) => /^\/find\/follower\/\d+$/.test(url.pathname));
    const profile = page.getByTestId('creator-profile');
    await profile.getByText(name, { exact: true }).waitFor();
    await page.getByRole('tab', { name: '长视频', selected: true }).waitFor();
    await profile.getByRole('button', { name: '关注', exact: true }).click();
    await profile.getByRole('button', { name: '已关注', exact: true }).waitFor();
    await shot(page, 'reachable-creators-follower');

    // Back (the phone's back button) to the find page: the 关注 tab now lists the creator with
    // their newest videos, and suggests no one.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/find');
    await page.getByRole('tab', { name: '关注' }).click();
    const followed = page
      .getByTestId('followed-creators')
      .getByTestId('creator-item')
      .filter({ hasText: name });
    await followed.waitFor();
    const newest = followed.getByTestId('creator-videos').getByRole('link');
    await expect.poll(() => newest.count()).toBeGreaterThan(0);
    expect(await page.getByTestId('suggested-creators').count()).toBe(0);
    await shot(page, 'reachable-creators-follow-tab');

    // One of their videos plays, and its play page leads back to the creator.
    await newest.first().click();
    await page.getByTestId('player').waitFor();
    await page.getByTestId('info-panel').getByRole('link', { name }).first().waitFor();
    await context.close();
  });
});
