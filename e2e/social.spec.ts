import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { api, apiGet, boundAccount, open, phoneWith, shot, startedPhone } from './phone.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

const guest = async () => (await api<{ token: string }>('/v1/register/guest')).response.token;
const dialogWith = (page: Page, text: string) => page.getByRole('dialog').filter({ hasText: text });

/** A demo creator's name (creators are the first user ids of the demo catalogue). */
async function creatorName(id: number, token: string) {
  const reply = await apiGet<{ user: { user_name: string } }>(`/v1/explore/user/${id}`, token);
  expect(reply.status.code).toBe(200);
  return reply.response.user.user_name;
}

describe('search', () => {
  it('searches from the search home and keeps the 6 newest distinct terms, newest first', async () => {
    const { context, page } = await startedPhone(browser);
    const terms = ['老师', 'city', '旅行', 'love', '日记', '夏天', 'city'];
    for (const term of terms) {
      await open(page, '/long/search');
      const box = page.locator('.search-page__box input');
      await box.fill(term);
      await box.press('Enter');
      await page.waitForURL((url) => url.pathname === `/search/${encodeURIComponent(term)}`);
    }
    await page.locator('.search-results').waitFor();
    await shot(page, 'social-search-results');
    await open(page, '/long/search');
    const chips = page.getByTestId('search-history').locator('.search-chip');
    await expect
      .poll(() => chips.allTextContents())
      .toEqual(['city', '夏天', '日记', 'love', '旅行', '老师']);
    // Empty text does nothing.
    await page.locator('.search-page__box input').press('Enter');
    expect(new URL(page.url()).pathname).toBe('/long/search');
    await shot(page, 'social-search-home');
    await context.close();
  });
});

describe('likes and the collect page', () => {
  it('a video liked in a list shows in collect, and unliking it there removes it', async () => {
    const { token } = await boundAccount('secret123');
    const { context, page } = await phoneWith(browser, token);
    await open(page, '/find');
    const card = page.locator('.explore-grid .video-card').first();
    await card.waitFor();
    const title = (await card.locator('.video-card__title').textContent()) ?? '';
    await card.getByTestId('like-button').click();
    await expect.poll(() => card.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');

    await open(page, '/collect');
    const liked = page.locator('.collect-grid .video-card').filter({ hasText: title });
    await liked.waitFor();
    await shot(page, 'social-collect');
    await liked.getByTestId('like-button').click();
    await liked.waitFor({ state: 'detached' });
    const reply = await apiGet<{ total_results: number }>('/v1/videos/likes/long', token);
    expect(reply.response.total_results).toBe(0);
    await context.close();
  });

  it('a non-VIP guest opening collect gets the VIP prompt, and upgrade goes to payment from favourites', async () => {
    const { context, page } = await startedPhone(browser);
    await open(page, '/collect');
    const prompt = dialogWith(page, '收藏夹为VIP会员专享');
    await prompt.waitFor();
    await shot(page, 'social-collect-prompt');
    await prompt.getByRole('button', { name: '立即开通' }).click();
    await page.waitForURL((url) => url.pathname === '/member/payment' && url.search === '?source=favourites');
    await context.close();
  });
});

describe('follow and import', () => {
  it('follows a creator on their page and finds them in the Follow tab', async () => {
    const token = await guest();
    const name = await creatorName(2, token);
    const { context, page } = await phoneWith(browser, token);
    await open(page, '/find/follower/2?type=short');
    await page.getByTestId('creator-profile').getByText(name).waitFor();
    await page.getByRole('tab', { name: '短视频', selected: true }).waitFor();
    const follow = page.getByTestId('follow-button');
    await follow.getByText('关注', { exact: true }).waitFor();
    await follow.click();
    await follow.getByText('已关注').waitFor();
    await shot(page, 'social-follower');

    await open(page, '/find');
    await page.getByRole('tab', { name: '关注' }).click();
    await page.getByTestId('followed-creators').getByText(name).waitFor();
    await shot(page, 'social-find-follow');
    await context.close();
  });

  it('imports as a VIP (loading, then imported) and prompts a non-VIP to buy VIP', async () => {
    const { token } = await boundAccount('secret123');
    const vip = await phoneWith(browser, token);
    await open(vip.page, '/find/follower/3?type=long');
    const importButton = vip.page.getByTestId('import-button');
    await importButton.click();
    await importButton.getByText('导入成功').waitFor();
    // The imported videos are in the favourites now, and their hearts say so.
    await expect
      .poll(() => vip.page.locator('.explore-grid [data-testid="like-button"][aria-pressed="false"]').count())
      .toBe(0);
    await shot(vip.page, 'social-import-vip');
    await vip.context.close();

    const plain = await phoneWith(browser, await guest());
    await open(plain.page, '/find/follower/3?type=long');
    await plain.page.getByTestId('import-button').click();
    await dialogWith(plain.page, '导入收藏为VIP会员专享').waitFor();
    await shot(plain.page, 'social-import-prompt');
    await plain.context.close();
  });
});
