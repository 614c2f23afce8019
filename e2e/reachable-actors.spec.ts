import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { shot, startedPhone } from './phone.ts';

/**
 * Issue 26 item 2: actors are added to the favourites where they are shown — the play page's
 * actor row, the actor page, the home's actor tab — and the 收藏 page's actor tab lists them. A
 * new guest starts on /long and gets everywhere by tapping: no address is typed.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

/** An item of the bottom menu. */
const menu = (page: Page, name: string) => page.getByRole('navigation').getByText(name, { exact: true });
const heart = (scope: ReturnType<Page['locator']>) => scope.getByTestId('like-button');

/** Closes the dialog showing `text` with its button `name` (else its last button). */
async function closeDialog(page: Page, text: string, name?: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  const buttons = dialog.getByRole('button');
  await (name ? buttons.filter({ hasText: name }) : buttons.last()).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('actor favourites (issue 26 item 2)', () => {
  it('/long → a video → the play page’s actor row ♥ → the actor page’s ♥ → the 演员 tab ♥ → 收藏 › 演员 lists both', async () => {
    const { context, page } = await startedPhone(browser);
    expect(new URL(page.url()).pathname).toBe('/long');

    // The favourites are a VIP's: the guest takes the demo activity code on the member page.
    await menu(page, '我的').click();
    await page.getByText('兑换码', { exact: true }).click();
    await page.getByPlaceholder('请输入兑换码（最多6位）').fill('DEMO01');
    await page.getByRole('button', { name: '立即兑换', exact: true }).click();
    await closeDialog(page, '已获得3天VIP');
    await page.goBack(); // the phone's back button, to the member page and its bottom menu

    // A video from the home page; its play page lists the actors, each with a heart.
    await menu(page, '长视频').click();
    await page.getByRole('tab', { name: '最新', exact: true }).click();
    await page.getByTestId('video-list').getByRole('link').first().click();
    await page.getByTestId('player').waitFor();
    // A guest who became VIP is reminded once to bind (decisions: play page).
    await closeDialog(page, '重要提示', '下次再说');
    const actor = page.getByTestId('actor-list').locator('.actor-row__item').first();
    await actor.waitFor();
    const name = ((await actor.locator('.actor-row__name').textContent()) ?? '').trim();
    expect(name).not.toBe('');
    await heart(actor).click();
    await expect.poll(() => heart(actor).getAttribute('aria-pressed')).toBe('true');
    await page.getByText('已收藏', { exact: true }).last().waitFor();
    await shot(page, 'reachable-actors-play');

    // The actor page shows the same heart, pressed; it takes the actor out and back in.
    await actor.getByRole('link', { name }).click();
    await page.waitForURL((url) => /^\/actor\/\d+$/.test(url.pathname));
    const head = page.getByTestId('actor-head');
    await head.getByRole('heading', { name }).waitFor();
    await expect.poll(() => heart(head).getAttribute('aria-pressed')).toBe('true');
    await heart(head).click();
    await expect.poll(() => heart(head).getAttribute('aria-pressed')).toBe('false');
    await heart(head).click();
    await expect.poll(() => heart(head).getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'reachable-actors-actor-page');

    // Back twice (actor page, play page) to the home: its 演员 tab has a heart on every actor, and
    // one more actor joins the favourites.
    await page.goBack();
    await page.getByTestId('player').waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/long');
    await page.getByRole('tab', { name: '演员', exact: true }).click();
    const other = page
      .getByTestId('actor-grid')
      .getByTestId('actor-card')
      .filter({ hasNot: page.getByText(name, { exact: true }) })
      .first();
    await other.waitFor();
    const otherName = ((await other.locator('.actor-card__name').textContent()) ?? '').trim();
    await heart(other).click();
    await expect.poll(() => heart(other).getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'reachable-actors-actor-tab');

    // 收藏 › 演员 lists both.
    await menu(page, '收藏').click();
    await page.waitForURL((url) => url.pathname === '/collect');
    // A VIP may be shown the favourites promotion first.
    const promotion = page.getByRole('dialog').filter({ visible: true });
    await page.getByRole('tab', { name: '演员', exact: true }).waitFor();
    if (await promotion.count()) await promotion.getByRole('button').first().click();
    await page.getByRole('tab', { name: '演员', exact: true }).click();
    const liked = page.locator('.collect-grid--actors').getByTestId('actor-card');
    await liked.filter({ hasText: name }).waitFor();
    await liked.filter({ hasText: otherName }).waitFor();
    await shot(page, 'reachable-actors-collect');
    await context.close();
  });
});
