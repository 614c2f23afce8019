import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, phoneContext, screenshotPath } from './browser.ts';
import { consolePage, DESKTOP, TABLET } from './console.ts';
import { baseUrl } from './phone.ts';

/**
 * Issue 23 §2 in a browser: an editor switches the start-up announcement on and writes it in the
 * console (1280×800); a phone (390×844, service worker on) started afterwards shows it, and a
 * zh-TW phone shows its Traditional.
 */
let browser: Browser;
let console_: Page;
beforeAll(async () => {
  browser = await launchChromium();
  console_ = (await consolePage(browser, 'editor')).page;
});
afterAll(async () => browser?.close());

const MESSAGE = '新片上线：每日签到送观看次数\n软件更新后播放更流畅';
const SUBTITLE = '本周更新 20 部';

/** The announcement pop-up as each phone showed it: its text and its elements' classes. */
const phoneSaw: Partial<Record<'zh-CN' | 'zh-TW', { text: string; classes: string[] }>> = {};

/** The document the console's phone preview draws in (the app's own components). */
function previewOf(page: Page) {
  return page.locator('iframe[title="手机预览"]:visible').contentFrame();
}

/** The classes of an element and all inside it, in document order: the same component, the same list. */
function classesOf(element: Locator) {
  return element.evaluate((node) => [node, ...node.querySelectorAll('*')].map((item) => item.className));
}

async function announcementSwitch(page: Page) {
  return page.getByRole('switch', { name: '启动公告弹窗' });
}

describe('console: app settings', () => {
  it('an editor switches the announcement on and writes it; a phone started afterwards shows it', async () => {
    await console_.goto(`${baseUrl}/admin/settings`);
    await console_.getByRole('tab', { name: '启动与公告' }).waitFor();

    // Start from "off", as a production server starts: the switch then turns it on.
    let toggle = await announcementSwitch(console_);
    if ((await toggle.getAttribute('aria-checked')) === 'true') {
      await toggle.click();
      await console_
        .getByRole('button', { name: /^保\s*存$/ })
        .first()
        .click();
      await console_.getByText('已保存，正在运行的应用会在几秒内读到新设置').first().waitFor();
      // The page as an operator opens it with the announcement off.
      await console_.reload();
      await console_.getByRole('tab', { name: '启动与公告' }).waitFor();
      toggle = await announcementSwitch(console_);
    }
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await console_.getByLabel('公告内容', { exact: true }).fill(MESSAGE);
    await console_.getByLabel('公告副标题', { exact: true }).fill(SUBTITLE);

    // The phone preview follows the form before anything is saved, drawn by the app's own pop-up
    // (issue 37 item 17): its subtitle, 今日不再显示 and 好的, as the phone's pop-up below.
    const preview = previewOf(console_).getByTestId('popup-announcement');
    await expect.poll(() => preview.innerText()).toContain('新片上线：每日签到送观看次数');
    await expect.poll(() => preview.getByTestId('announcement-subtitle').innerText()).toBe(SUBTITLE);
    expect(await preview.innerText()).toMatch(/今日不再显示[\s\S]*好的/);
    // Which pop-up a new guest sees first, as the app's start-up code decides from this form.
    const order = console_.getByTestId('first-start-order');
    const steps = () =>
      order.locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('data-step')));
    // The age gate and the cover ad (when on) come before any pop-up; then the announcement.
    await expect
      .poll(async () => (await steps()).filter((step) => step !== 'age_gate' && step !== 'cover_ad')[0])
      .toBe('announcement');
    expect(await order.innerText()).toContain('新访客首次启动时依次看到');
    await console_.screenshot({ path: screenshotPath('console-settings-announcement') });
    await console_.getByText('繁体手机', { exact: true }).click();
    await expect.poll(() => preview.innerText()).toMatch(/今日不再顯示[\s\S]*好的/);
    await expect.poll(() => order.locator('li[data-step="announcement"]').innerText()).toBe('公告');
    if ((await steps()).includes('age_gate'))
      expect(await order.locator('li[data-step="age_gate"]').innerText()).toBe('年齡確認');
    await console_.getByText('简体手机', { exact: true }).click();

    await console_
      .getByRole('button', { name: /^保\s*存$/ })
      .first()
      .click();
    await console_.getByText('已保存，正在运行的应用会在几秒内读到新设置').first().waitFor();
    // The Traditional was made at save and is shown beside the Simplified.
    await expect
      .poll(() => console_.getByLabel('公告内容 · 繁体（台湾用语）').inputValue())
      .toContain('新片上線：每日簽到送觀看次數');
    await console_.screenshot({ path: screenshotPath('console-settings-saved') });

    for (const [locale, text] of [
      ['zh-CN', '新片上线：每日签到送观看次数'],
      ['zh-TW', '新片上線：每日簽到送觀看次數'],
    ] as const) {
      const context = await phoneContext(browser, { locale });
      const phone = await context.newPage();
      await phone.goto(`${baseUrl}/`);
      await phone.waitForURL(/\/long(\?|$)/, { waitUntil: 'commit' });
      const popup = phone.getByTestId('popup-announcement');
      await popup.waitFor();
      expect(await popup.innerText()).toContain(text);
      // What the preview showed: the subtitle under the title, and 好的.
      expect(await popup.getByTestId('announcement-subtitle').innerText()).toContain(
        locale === 'zh-CN' ? SUBTITLE : '本週更新',
      );
      expect(await popup.innerText()).toContain('好的');
      phoneSaw[locale] = { text: await popup.innerText(), classes: await classesOf(popup) };
      await phone.screenshot({ path: screenshotPath(`console-settings-phone-${locale}`) });
      await context.close();
    }
  });

  it('the preview shows what each phone showed, with the app’s own pop-up, at 1280×800 and 768×1024 (issue 37 item 17)', async () => {
    expect(phoneSaw['zh-CN'] && phoneSaw['zh-TW']).toBeTruthy();
    for (const [name, size] of [
      ['1280', DESKTOP],
      ['768', TABLET],
    ] as const) {
      const { page, context } = await consolePage(browser, 'editor', { size });
      await page.goto(`${baseUrl}/admin/settings`);
      await page.getByRole('tab', { name: '启动与公告' }).waitFor();
      for (const [script, locale] of [
        ['简体手机', 'zh-CN'],
        ['繁体手机', 'zh-TW'],
      ] as const) {
        await page.getByText(script, { exact: true }).click();
        const popup = previewOf(page).getByTestId('popup-announcement');
        const phone = phoneSaw[locale]!;
        // The same words (the subtitle, 好的) and the same elements with the same classes.
        await expect.poll(() => popup.innerText()).toBe(phone.text);
        expect(await classesOf(popup)).toEqual(phone.classes);
        expect(await popup.locator('.adm-button').last().innerText()).toBe('好的');
        // Inside the app's own pop-up container, on the app's theme, not the console's.
        expect(await popup.evaluate((node) => node.closest('.chain-popup') !== null)).toBe(true);
        const background = await previewOf(page)
          .locator('body')
          .evaluate((body) => getComputedStyle(body).backgroundColor);
        expect(background).toBe('rgb(15, 15, 20)');
        await page.getByTestId('first-start-order').scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenshotPath(`console-settings-preview-${name}-${locale}`) });
      }
      // The app's antd-mobile styles stay in the frame: the console's own page has none of them.
      const consoleRules = await page.evaluate(() =>
        [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)),
      );
      expect(consoleRules.filter((rule) => rule.includes('.adm-') || rule.includes('.chain-popup'))).toEqual(
        [],
      );
      await context.close();
    }
  });

  it('the news bar preview and the host lines page look finished', async () => {
    await console_.goto(`${baseUrl}/admin/settings`);
    await console_.getByRole('tab', { name: '公告栏' }).click();
    const news = await console_.getByLabel('公告栏内容', { exact: true }).inputValue();
    // The app's own news bar when there is news, else the note under the phone.
    if (news.trim()) await previewOf(console_).getByTestId('news-bar').waitFor();
    else await console_.getByTestId('preview-note').waitFor();
    await previewOf(console_).locator('.home__header').waitFor();
    await console_.screenshot({ path: screenshotPath('console-settings-news') });
    // The shop tab: the app's own promo button, docked as on a phone's home.
    await console_.getByRole('tab', { name: '商城与收银' }).click();
    await previewOf(console_).getByTestId('promo-button').waitFor();
    await console_.screenshot({ path: screenshotPath('console-settings-shop') });
    await console_.goto(`${baseUrl}/admin/lines`);
    await console_.getByText('留空时自动使用本服务器的线路', { exact: false }).first().waitFor();
    await console_.screenshot({ path: screenshotPath('console-settings-lines') });
  });

  afterAll(async () => {
    // Other suites share this server: the announcement goes back off.
    await console_.goto(`${baseUrl}/admin/settings`);
    const toggle = await announcementSwitch(console_);
    await toggle.waitFor();
    if ((await toggle.getAttribute('aria-checked')) === 'true') {
      await toggle.click();
      await console_
        .getByRole('button', { name: /^保\s*存$/ })
        .first()
        .click();
      await console_.getByText('已保存，正在运行的应用会在几秒内读到新设置').first().waitFor();
    }
  });
});
