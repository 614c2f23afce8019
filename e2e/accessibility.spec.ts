import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Actor } from '@app/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../packages/web/src/app/route-table.ts';
import { launchChromium, phoneContext, SCREENSHOT_DIR } from './browser.ts';
import { demoVideos } from './demo-videos.ts';
import { api, apiGet, baseUrl, boundAccount, open, phoneWith, settle, startedPhone } from './phone.ts';

/**
 * Issue 26, item 8: axe-core on every route of the phone app (and on each pop-up start-up shows),
 * at 390×844 in both locales, with the service worker on, finds no serious or critical WCAG 2 A/AA
 * violation. The counts per route go to test-results/a11y-counts.json (docs/a11y-report.md).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Found {
  screen: string;
  rule: string;
  impact: string;
  nodes: number;
  targets: string[];
}

/** Serious and critical WCAG 2 A/AA violations on the page as it is now. */
async function audit(page: Page, screen: string): Promise<Found[]> {
  await fadesEnded(page);
  const result = await new AxeBuilder({ page }).withTags(WCAG_A_AA).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact!,
      nodes: violation.nodes.length,
      targets: violation.nodes.slice(0, 4).map((node) => {
        // A contrast failure names its colours and ratio, so the report says what to change.
        const colours = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number };
        const ratio = colours?.contrastRatio
          ? ` ${colours.fgColor} on ${colours.bgColor} ${colours.contrastRatio}:1`
          : '';
        return `${node.target.join(' ')}${ratio}`;
      }),
    }));
}

/**
 * Waits until nothing on screen is part-way through a fade (a dialog opening as the page settles):
 * axe measures the colours as drawn, and a half-faded dialog reads as too little contrast.
 */
async function fadesEnded(page: Page) {
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLElement>('[style*="opacity"]')].every((element) => {
          const opacity = Number(getComputedStyle(element).opacity);
          return opacity === 0 || opacity === 1;
        }),
      undefined,
      { timeout: 5000, polling: 100 },
    )
    .catch(() => undefined);
}

/** A real address for every route: ids the demo catalogue has. */
async function addresses(): Promise<Map<string, string>> {
  const videos = await demoVideos();
  const long = videos.find((video) => video.type === 'long')!;
  const short = videos.find((video) => video.type === 'short')!;
  const guest = await api<{ token: string }>('/v1/register/guest');
  const actors = await apiGet<{ actors: Actor[] }>('/v1/actors', guest.response.token);
  const categories = (await (await fetch(`${baseUrl}/v2/category/long`)).json()) as {
    response: { categories: { category_id: number; category_name: string }[] };
  };
  const category = categories.response.categories[0]!;
  const menus = (await (await fetch(`${baseUrl}/v1/longs/menus`)).json()) as {
    response: { menus: { menu_id: number }[] };
  };
  const menu = menus.response.menus[0]!.menu_id;
  const params: Record<string, string> = {
    '/long/play/:avkey': `/long/play/${long.avkey}`,
    '/short/play/:avkey': `/short/play/${short.avkey}`,
    '/actor/:actorid': `/actor/${actors.response.actors[0]!.actor_id}`,
    '/category/:category': `/category/${category.category_id}?type=long&name=${encodeURIComponent(category.category_name)}`,
    '/category/:category/more': `/category/${category.category_id}/more?type=long&name=${encodeURIComponent(category.category_name)}`,
    '/search/:search': `/search/${encodeURIComponent('美女')}?type=long`,
    '/long/:filter/:id': `/long/list/${menu}`,
    '/short/:filter/:id': `/short/rank/${menu}`,
    '/original/:filter/:id': `/original/list/${menu}`,
    '/find/follower/:userid': '/find/follower/2?type=short',
    '/member/paymentSale/:level': '/member/paymentSale/A',
  };
  return new Map(ROUTE_TABLE.map((route) => [route.path, params[route.path] ?? route.path]));
}

/** Waits for a page's requests (a playing video never goes quiet: at most a few seconds). */
async function loaded(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  // A toast is audited once it is up, not while it fades (axe would read its text half-drawn).
  await page
    .locator('.adm-toast-mask')
    .last()
    .waitFor({ state: 'detached', timeout: 8000 })
    .catch(() => undefined);
  await page.waitForTimeout(500); // transitions and fades end
}

/** Closes a dialog a page opened on its own (a guest's VIP or bind prompt), declining it. */
async function declineDialogs(page: Page) {
  for (let i = 0; i < 3; i++) {
    const dialog = page.getByRole('dialog').filter({ visible: true });
    if (!(await dialog.count())) return;
    await dialog
      .last()
      .getByRole('button')
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await page.waitForTimeout(400);
  }
}

const counts: Record<string, Record<string, number>> = {};
const COUNTS_FILE = path.resolve(SCREENSHOT_DIR, '..', 'a11y-counts.json');

function record(locale: string, screen: string, found: Found[]) {
  counts[screen] ??= {};
  counts[screen][locale] = found.reduce((sum, item) => sum + item.nodes, 0);
  fs.mkdirSync(path.dirname(COUNTS_FILE), { recursive: true });
  fs.writeFileSync(COUNTS_FILE, JSON.stringify(counts, null, 2));
}

describe.each(['zh-CN', 'zh-TW'])('accessibility in %s', (locale) => {
  it('every route and every start-up pop-up has no serious or critical WCAG 2 A/AA violation', async () => {
    const routes = await addresses();
    const found: Found[] = [];
    const check = async (page: Page, screen: string) => {
      const here = await audit(page, screen);
      record(locale, screen, here);
      found.push(...here);
    };

    // A new guest's first start, the age confirmation included: each pop-up as it shows.
    const context = await phoneContext(browser, { locale, ageGate: true });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const seen = new Set<string>();
    await settle(page, {
      onShown: async (popup) => {
        if (seen.has(popup)) return;
        seen.add(popup);
        await page.waitForTimeout(500); // its fade-in ends
        await check(page, `start-up ${popup}`);
      },
    });
    for (const route of ROUTE_TABLE) {
      const address = routes.get(route.path)!;
      if (page.url() !== `${baseUrl}${address}`) await open(page, address);
      await loaded(page);
      await check(page, route.path);
      await declineDialogs(page);
      if (!page.url().startsWith(`${baseUrl}/`)) await page.goto(`${baseUrl}/long`);
    }
    await context.close();

    // The pages that need a bound account, as a bound account sees them.
    const { token } = await boundAccount('secret123');
    const bound = await phoneWith(browser, token, locale);
    for (const route of ROUTE_TABLE.filter((entry) => 'needsBinding' in entry)) {
      await open(bound.page, routes.get(route.path)!);
      await loaded(bound.page);
      await check(bound.page, `${route.path} (bound)`);
    }
    await bound.context.close();

    const summary = found.map(
      (item) => `${item.screen}: ${item.rule} (${item.impact}) ×${item.nodes} ${item.targets.join(' | ')}`,
    );
    expect(summary).toEqual([]);
  }, 900_000);
});

describe('keyboard and screen reader', () => {
  it('the bottom menu is a list of links: real addresses, the current page marked, a tap moves inside the app', async () => {
    const { context, page } = await startedPhone(browser);
    if (!page.url().endsWith('/long')) await open(page, '/long'); // start-up's reminder may lead on
    const menu = page.getByRole('navigation', { name: '主菜单' });
    const links = menu.getByRole('link');
    expect(await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')))).toEqual([
      '/long',
      '/short',
      '/original',
      '/find',
      '/collect',
      '/member',
    ]);
    expect(await menu.locator('[aria-current="page"]').innerText()).toBe('长视频');
    // A plain tap is the router's: the page does not load again (the marker set now survives).
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await menu.getByRole('link', { name: '发现' }).click();
    await page.waitForURL((url) => url.pathname === '/find');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(await menu.locator('[aria-current="page"]').innerText()).toBe('发现');
    // A keyboard reaches the menu's links.
    await menu.getByRole('link', { name: '收藏' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/collect');
    await context.close();
  });

  it('a pop-up takes focus, keeps Tab inside, and gives focus back to the button that opened it', async () => {
    const video = (await demoVideos()).find((item) => item.type === 'long')!;
    const { context, page } = await startedPhone(browser);
    await open(page, `/long/play/${video.avkey}`);
    const report = page.getByRole('button', { name: '举报', exact: true });
    await report.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByTestId('report-dialog');
    await sheet.waitFor();
    const focusInSheet = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"][aria-modal="true"]')));
    await expect.poll(focusInSheet).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 4 === 3 ? 'Shift+Tab' : 'Tab');
      expect(await focusInSheet()).toBe(true);
    }
    await page.mouse.click(6, 6); // the mask closes it
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => report.evaluate((button) => button === document.activeElement)).toBe(true);
    await context.close();
  });
});
