import type { Actor } from '@app/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplifiedOnly } from '../packages/server/src/test/simplified-only.ts';
import { launchChromium } from './browser.ts';
import { api, apiGet, boundAccount, open, phoneWith, shot, startedPhone } from './phone.ts';

/**
 * Issue 25, items 4–6: a phone set to zh-TW reads Traditional Chinese on every screen — the
 * app's own strings and everything the server sends (catalogue, titles, plans, rewards) — and a
 * search typed in Traditional finds the Simplified-titled videos.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

/**
 * The page's text once its requests have come back: what it shows and what a screen reader reads
 * (names, alternative texts, placeholders and tooltips; a pop-up's mask is named by the component
 * library, in its own default language unless told otherwise).
 */
async function readableText(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(400);
  return page.evaluate(() => {
    const named = [...document.querySelectorAll('[aria-label], [alt], [placeholder], [title]')];
    const names = named.flatMap((element) =>
      ['aria-label', 'alt', 'placeholder', 'title']
        .map((attribute) => element.getAttribute(attribute))
        .filter((value): value is string => Boolean(value)),
    );
    return [document.body.innerText, ...names].join('\n');
  });
}

/** Every Simplified-only character a screen shows, with the line it sits in. */
async function simplifiedOn(page: Page, screen: string): Promise<string[]> {
  const text = await readableText(page);
  // A screen's own dialog (the guest's VIP prompt on collect) is read, then declined to go on.
  const dialog = page.getByRole('dialog').filter({ visible: true });
  if (await dialog.count()) {
    await dialog.last().getByRole('button').first().click();
    await dialog
      .last()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
  }
  return text
    .split('\n')
    .filter((line) => simplifiedOnly(line).length > 0)
    .map((line) => `${screen}: ${line.trim()} [${simplifiedOnly(line).join('')}]`);
}

describe('zh-TW throughout', () => {
  it('shows no Simplified-only character on any main screen', async () => {
    const { token } = await boundAccount('secret123');
    const guest = await api<{ token: string }>('/v1/register/guest');
    const actors = await apiGet<{ actors: Actor[] }>('/v1/actors', guest.response.token);
    const actor = actors.response.actors[0]!;

    const { context, page } = await startedPhone(browser, 'zh-TW');
    const found: string[] = [];
    const scan = async (screen: string) => found.push(...(await simplifiedOn(page, screen)));

    await scan('home long');
    await shot(page, 'traditional-home');
    // The home page's menu tabs: the editor's picks among them.
    await page.getByText('精選', { exact: true }).first().click();
    await scan('home picks tab');
    await shot(page, 'traditional-picks');
    for (const path of [
      '/short',
      '/original',
      '/long/category',
      '/category',
      '/classic',
      '/find',
      '/collect',
    ]) {
      await open(page, path);
      await scan(path);
    }
    await open(page, '/long/search');
    await page.locator('.search-page__box input').waitFor();
    await scan('search home');
    await shot(page, 'traditional-search');
    await open(page, `/actor/${actor.actor_id}`);
    await scan('actor');
    await open(page, '/long');
    const card = page.locator('.video-card').first();
    await card.waitFor();
    await card.click();
    await page.getByTestId('play-title').waitFor();
    await scan('play page');
    await shot(page, 'traditional-play');
    for (const path of ['/member', '/member/setting', '/member/signin', '/member/signup']) {
      await open(page, path);
      await scan(path);
    }
    await context.close();

    // A member's pages: plans and payment methods, check-in rewards, tickets, activity.
    const member = await phoneWith(browser, token, 'zh-TW');
    for (const path of [
      '/member',
      '/member/payment',
      '/member/vip',
      '/member/product',
      '/member/share',
      '/member/activity',
      '/member/ticketDiscount',
      '/member/changebind',
    ]) {
      await open(member.page, path);
      found.push(...(await simplifiedOn(member.page, path)));
      if (path === '/member/payment') {
        // The payment methods show once a plan is chosen.
        await member.page.getByText('月卡', { exact: true }).first().click();
        await member.page.getByText('銀聯 雲閃付').first().waitFor();
        found.push(...(await simplifiedOn(member.page, 'payment methods')));
        await shot(member.page, 'traditional-payment');
      }
    }
    await member.context.close();
    expect(found).toEqual([]);
  });

  it('titles a video the same on its card and its play page, and finds it in either script', async () => {
    const { context, page } = await startedPhone(browser, 'zh-TW');
    const card = page.locator('.video-card').first();
    await card.waitFor();
    const cardTitle = (await card.locator('.video-card__title').textContent()) ?? '';
    expect(cardTitle).toMatch(/\p{Script=Han}/u);
    await card.click();
    await expect.poll(() => page.getByTestId('play-title').textContent()).toBe(cardTitle);

    await open(page, '/long/search');
    const box = page.locator('.search-page__box input');
    await box.fill('晨間瑜伽');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === `/search/${encodeURIComponent('晨間瑜伽')}`);
    const results = page.locator('.search-results .video-card__title');
    await results.first().waitFor();
    expect(await results.first().textContent()).toContain('晨間瑜伽');
    await shot(page, 'traditional-search-results');
    await context.close();
  });
});
