import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, phoneContext, screenshotPath } from './browser.ts';
import { consolePage } from './console.ts';
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

    // The phone preview follows the form before anything is saved.
    const preview = console_.getByTestId('preview-announcement');
    await expect.poll(() => preview.innerText()).toContain('新片上线：每日签到送观看次数');
    await console_.screenshot({ path: screenshotPath('console-settings-announcement') });

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
      await phone.screenshot({ path: screenshotPath(`console-settings-phone-${locale}`) });
      await context.close();
    }
  });

  it('the news bar preview and the host lines page look finished', async () => {
    await console_.goto(`${baseUrl}/admin/settings`);
    await console_.getByRole('tab', { name: '公告栏' }).click();
    await console_.getByTestId('preview-news').waitFor();
    await console_.screenshot({ path: screenshotPath('console-settings-news') });
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
