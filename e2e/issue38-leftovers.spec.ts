import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, phoneContext } from './browser.ts';
import { baseUrl, changeReply, settle } from './phone.ts';

/**
 * Issue 38 items 11, 19, 21, 22 and 23: a guest on a 390×844 phone with the service worker on,
 * tapping from the home page, in zh-CN and zh-TW. Screenshots go to test-results/issue38/.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

const SHOTS = path.resolve(import.meta.dirname, '..', 'test-results', 'issue38');
fs.mkdirSync(SHOTS, { recursive: true });

/** As phone.ts's `shot`: the open animations (springs, not CSS) end, then the picture. */
async function shot(page: Page, name: string) {
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

interface HostList {
  stream_pwa: { url: string; mode?: string; vip: boolean; name: string }[];
}

/**
 * A guest's phone started through the jump page: `prepare` changes replies before the first
 * load; `popups` false leaves the start-up pop-ups for the test.
 */
async function guestPhone(
  locale: string,
  prepare: (context: BrowserContext) => Promise<unknown> = async () => undefined,
  popups = true,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, { locale });
  await prepare(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('page error:', error.message));
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/long(\?|$)/, { waitUntil: 'commit' });
  await page.locator('.app-tab-bar').waitFor();
  if (popups) await settle(page);
  return { context, page };
}

/** Only the first stream line of the host list (the app then has one line to play on). */
const oneStreamLine = (context: BrowserContext) =>
  context.route('**/host_pwa.txt', async (route) => {
    const reply = await route.fetch();
    const hostList = (await reply.json()) as HostList;
    hostList.stream_pwa = hostList.stream_pwa.slice(0, 1);
    await route.fulfill({ response: reply, json: hostList });
  });

/** From the long home, a tap on the first video card opens its play page. */
async function tapFirstVideo(page: Page) {
  await page.locator('.video-card').filter({ visible: true }).first().click();
  await page.getByTestId('player').waitFor();
  await page.getByTestId('switch-line').waitFor();
}

const WORDS = {
  'zh-CN': {
    oneLine: '当前只有一条线路，无需切换',
    noLineVip: '高清画质和倍速播放为VIP专属功能，开通VIP即可使用',
    hd: '高清 480P',
    actorTab: '演员',
    order: '排序',
    cup: '罩杯',
    vcount: '作品最多',
    forever: '永久地址：',
  },
  'zh-TW': {
    oneLine: '目前只有一條線路，無需切換',
    noLineVip: '高畫質與變速播放為VIP專屬功能，開通VIP即可使用',
    hd: '高畫質 480P',
    actorTab: '演員',
    order: '排序',
    cup: '罩杯',
    vcount: '作品最多',
    forever: '永久網址：',
  },
} as const;

describe('issue 38 leftovers', () => {
  for (const locale of ['zh-CN', 'zh-TW'] as const) {
    const words = WORDS[locale];
    const tag = locale === 'zh-CN' ? 'cn' : 'tw';

    it(`items 11, 22 (${locale}): one stream line: the line switch has no VIP mark, a tap says there is one line in a toast gone after about 1 s, and the VIP dialog does not name line switching`, async () => {
      const { context, page } = await guestPhone(locale, oneStreamLine);
      await tapFirstVideo(page);
      await shot(page, `item11-one-line-before-${tag}`);
      expect(await page.getByTestId('switch-line').locator('.play-switches__vip').count()).toBe(0);

      // When the toast starts to go is read in the page, frame by frame, against a 2000 ms timer
      // (antd-mobile's own duration) started when the toast's container joins the page, which is
      // when antd-mobile starts the toast's own timer. Wall-clock limits failed on a busy machine:
      // the test's clock counted screenshots and polling, and the fade itself stretches when frames
      // are slow (react-spring advances at most 64 ms per frame).
      await page.evaluate((text) => {
        type Added = { node: Node; at: number; antdDefault?: number };
        const added: Added[] = [];
        const seen: { added?: Added; full?: boolean; closing?: number } = {};
        (window as unknown as { __toast: typeof seen }).__toast = seen;
        new MutationObserver((records) => {
          for (const node of records.flatMap((record) => [...record.addedNodes])) {
            const entry: Added = { node, at: performance.now() };
            added.push(entry);
            setTimeout(() => (entry.antdDefault = performance.now()), 2000);
          }
        }).observe(document.body, { childList: true });
        const check = (now: number) => {
          const mask = [...document.querySelectorAll<HTMLElement>('.adm-toast-mask')].find((element) =>
            element.textContent?.includes(text),
          );
          seen.added ??= mask && added.find((entry) => entry.node.contains(mask));
          const style = mask && getComputedStyle(mask);
          const box = mask?.getBoundingClientRect();
          const visible = !!box && box.width > 0 && box.height > 0 && style!.visibility !== 'hidden';
          // It fades in first: closing is the first frame below full opacity after it was full.
          const full = visible && Number(style!.opacity) >= 0.99;
          if (full && seen.added) seen.full = true;
          else if (seen.full) seen.closing ??= now;
          if (seen.closing === undefined) requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }, words.oneLine);
      await page.getByTestId('switch-line').click();
      const toast = page.locator('.adm-toast-mask').filter({ hasText: words.oneLine });
      await toast.waitFor({ state: 'visible' });
      // The message is on one line (never broken inside a word, as 「切／換」).
      const lines = await toast.locator('.adm-toast-main-text').evaluate((text) => {
        const style = getComputedStyle(text);
        const inner = text.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
        return Math.round(inner / parseFloat(style.lineHeight));
      });
      expect(lines).toBe(1);
      await page.screenshot({ path: path.join(SHOTS, `item11-one-line-after-${tag}.png`) });
      expect(await page.locator('[data-testid="choice-panel-line"]').count()).toBe(0);
      await toast.waitFor({ state: 'hidden', timeout: 5000 });
      // Our 1000 ms: on screen for a while, and going before antd-mobile's own 2000 ms are up.
      const seen = await page.evaluate(() => {
        const { added, closing } = (
          window as unknown as { __toast: { added: { at: number; antdDefault?: number }; closing: number } }
        ).__toast;
        return { closing, at: added.at, antdDefault: added.antdDefault ?? null };
      });
      expect(seen.closing - seen.at).toBeGreaterThan(500);
      // A 2000 ms timer not yet fired when read means the toast went first.
      expect(seen.closing).toBeLessThan(seen.antdDefault ?? Infinity);

      await page.getByTestId('switch-quality').click();
      await page.getByTestId('choice-panel-quality').getByText(words.hd, { exact: true }).click();
      const upgrade = page.getByRole('dialog').filter({ hasText: words.noLineVip });
      await upgrade.waitFor();
      await shot(page, `item11-vip-dialog-${tag}`);
      await context.close();
    });

    it(`item 23 (${locale}): the actor tab's filter offers 作品最多 (order=vcount) and cups; a cup tapped again drops out of the request`, async () => {
      const { context, page } = await guestPhone(locale);
      const asked: URL[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/v1/actors') asked.push(url);
      });
      // zh-CN on the long home, zh-TW on the short one: both kinds of actor list.
      if (locale === 'zh-TW') {
        await page.locator('.app-tab-bar').getByText('短影片', { exact: true }).click();
        await page.waitForURL(/\/short/);
      }
      await page.getByRole('tab', { name: words.actorTab, exact: true }).filter({ visible: true }).click();
      const grid = page.getByTestId('actor-grid').filter({ visible: true });
      await grid.locator('a').first().waitFor();
      await shot(page, `item23-actors-before-${tag}`);
      const original = locale === 'zh-TW' ? '1' : '0';
      expect(asked.at(-1)?.searchParams.get('order')).toBe('views');
      expect(asked.at(-1)?.searchParams.get('original')).toBe(original);

      await page.getByTestId('filter-open').filter({ visible: true }).click();
      const popup = page.getByTestId('filter-popup').filter({ visible: true });
      await popup.waitFor();
      expect(await popup.locator('.menu-list__row-name').allTextContents()).toEqual([words.order, words.cup]);
      // The first page of the list a tap asks for (a pull-up of the list before may still be on its way).
      const after = async (tap: () => Promise<void>, filters: string | null) => {
        const next = page.waitForRequest((request) => {
          const url = new URL(request.url());
          return (
            url.pathname === '/v1/actors' &&
            url.searchParams.get('page') === '1' &&
            url.searchParams.get('order') === 'vcount' &&
            url.searchParams.get('filters') === filters
          );
        });
        await tap();
        return new URL((await next).url()).searchParams;
      };
      let query = await after(() => popup.getByText(words.vcount, { exact: true }).click(), null);
      expect(query.get('original')).toBe(original);
      query = await after(() => popup.getByTestId('filter-cup-C').click(), 'cup:C');
      expect(query.get('original')).toBe(original);
      expect(await popup.getByTestId('filter-cup-C').getAttribute('aria-pressed')).toBe('true');
      // What the user sees under the sheet: only C-cup actors, or the filter's empty text.
      const cups = () => grid.locator('.actor-card__cup').allTextContents();
      await expect.poll(async () => [...new Set(await cups())]).toEqual(['C']);
      await shot(page, `item23-actors-filter-${tag}`);
      await after(() => popup.getByTestId('filter-cup-C').click(), null);
      expect(await popup.getByTestId('filter-cup-C').getAttribute('aria-pressed')).toBe('false');
      // The cup dropped: the most-videos list has other cups again.
      await expect.poll(async () => (await cups()).some((cup) => cup !== 'C')).toBe(true);
      await popup.getByRole('button').last().click();
      await page.getByTestId('filter-popup').filter({ visible: true }).waitFor({ state: 'detached' });
      await grid.locator('a').first().waitFor();
      await shot(page, `item23-actors-after-${tag}`);
      await context.close();
    });

    it(`item 21 (${locale}): the announcement shows pwa.sub_message under its title; the install sheet names pwa.home_forever_link`, async () => {
      const { context, page } = await guestPhone(
        locale,
        (context) =>
          changeReply<{ pwa: Record<string, unknown> }>(context, '/v1/appinfo', (info) => {
            info.pwa.announcement_switch = true;
            info.pwa.message = locale === 'zh-CN' ? '本站已全新升级' : '本站已全新升級';
            info.pwa.sub_message = locale === 'zh-CN' ? '十一月维护通知' : '十一月維護通知';
            info.pwa.home_forever_link = 'https://forever.example.com/';
          }),
        false,
      );
      const announcement = page.getByTestId('popup-announcement');
      await announcement.waitFor();
      await expect
        .poll(() => announcement.innerText())
        .toContain(locale === 'zh-CN' ? '十一月维护通知' : '十一月維護通知');
      await shot(page, `item21-sub-message-${tag}`);
      let install = false;
      await settle(page, {
        onShown: async (popup) => {
          // Once, as it opens: settle sees the sheet again while it slides away after its close.
          if (popup !== 'popup-install' || install) return;
          const forever = page.getByTestId('install-forever');
          expect(await forever.innerText({ timeout: 5000 })).toBe(
            `${words.forever}https://forever.example.com/`,
          );
          expect(await forever.getByRole('link').getAttribute('href', { timeout: 5000 })).toBe(
            'https://forever.example.com/',
          );
          // The sheet up from the bottom edge, wholly on screen, before its picture.
          const sheet = page.getByTestId('popup-install');
          await expect
            .poll(async () => {
              const box = await sheet.boundingBox();
              return box !== null && box.y > 0 && box.y + box.height <= 845;
            })
            .toBe(true);
          await shot(page, `item21-install-forever-${tag}`);
          install = true;
        },
      });
      expect(install).toBe(true);
      await context.close();
    });
  }

  it("item 22 (zh-CN): the play page's ad row is a slide that moves on by itself every 4000 ms", async () => {
    const { context, page } = await guestPhone('zh-CN', (context) =>
      changeReply<Record<string, { ad_title: string }[]>>(context, '/v1/ad/poster', (posters) => {
        const all = [...(posters.long ?? []), ...(posters.short ?? []), ...(posters.original ?? [])];
        // At least three ads, each its own (the row keys them by image and title).
        posters.long = [0, 1, 2].map((index) => ({
          ...all[index % all.length]!,
          ad_title: `广告 ${index + 1}`,
        }));
      }),
    );
    await tapFirstVideo(page);
    const slide = page.getByTestId('play-ads');
    await slide.scrollIntoViewIfNeeded();
    const activeDot = () =>
      slide
        .locator('.adm-page-indicator-dot')
        .evaluateAll((dots) =>
          dots.findIndex((dot) => dot.classList.contains('adm-page-indicator-dot-active')),
        );
    await expect.poll(activeDot).toBe(0);
    await shot(page, 'item22-ad-slide-before');
    await expect.poll(activeDot, { timeout: 9000, interval: 100 }).toBe(1);
    const first = Date.now();
    await shot(page, 'item22-ad-slide-after');
    await expect.poll(activeDot, { timeout: 9000, interval: 100 }).toBe(2);
    // One ad a screen for 4000 ms (the slide's own move takes a few hundred of them).
    expect(Date.now() - first).toBeGreaterThan(3000);
    await context.close();
  });
});
