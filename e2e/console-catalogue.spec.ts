import fs from 'node:fs';
import path from 'node:path';
import type { ConsoleVideo, VideoList } from '@app/contract/console/catalogue';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshotPath } from './browser.ts';
import { asOwner, consolePage } from './console.ts';
import { open, shot, startedPhone } from './phone.ts';

/**
 * Issue 24, catalogue management in a browser: an editor (1280×800) makes a category and an actor
 * with an avatar, finds a short video by filter, renames it and gives it that actor and category;
 * phones (390×844, service worker on) then find the new title in search, in both scripts, and
 * show it, the actor's picture and the category on the play page.
 */
let browser: Browser;
let page: Page;

const suffix = String(Date.now() % 1_000_000);
const CATEGORY = `深夜剧场${suffix}`;
const ACTOR = `林晨曦${suffix}`;
const TITLE = `夜航灯塔 ${suffix}`;
const TITLE_TW = `夜航燈塔 ${suffix}`;
/** A real picture to upload: the app's own icon. */
const ICON = fs.readFileSync(path.resolve(import.meta.dirname, '..', 'packages/web/public/icon-192.png'));

beforeAll(async () => {
  browser = await launchChromium();
  page = (await consolePage(browser, 'editor')).page;
});
afterAll(async () => browser?.close());

const saveButton = (scope: Page | Locator) => scope.getByRole('button', { name: /^保\s*存$/ });
const saved = () => page.getByText('已保存，应用会在几秒内显示新内容').last().waitFor();

/**
 * Picks `text` in the antd select named `label` within `scope`: types it to search, and takes the
 * option once it is offered (remote pickers ask the server).
 */
async function pick(scope: Page | Locator, label: string, text: string) {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
  // The choice shows in the box (the open list is drawn outside the form, at the page's end).
  await expect.poll(() => scope.locator('form, [role=search]').first().textContent()).toContain(text);
}

/** Creates an entity on its tab of the catalogue page with a name and an uploaded picture. */
async function create(tab: string, button: string, name: string, fill: (dialog: Locator) => Promise<void>) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: button });
  await dialog.getByLabel('名称', { exact: true }).fill(name);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'picture.png', mimeType: 'image/png', buffer: ICON });
  await page.getByText('图片已上传').last().waitFor();
  // The uploaded picture is shown decrypted, as the app will show it.
  await expect.poll(() => dialog.locator('img.catalogue-image').getAttribute('src')).toMatch(/^blob:/);
  await fill(dialog);
  await saveButton(dialog).click();
  await dialog.waitFor({ state: 'hidden' });
  await saved();
  // The newest first (or in the operator's order): found by its name either way.
  const search = page.getByLabel('按名称搜索');
  await search.fill(name);
  await search.press('Enter');
  await page.getByRole('cell', { name }).first().waitFor();
}

describe('console: catalogue management', () => {
  it('an editor makes a category and an actor, finds a video by filter, renames it and links them; phones show it', async () => {
    await page.goto(`${page.url().split('/admin')[0]}/admin/catalogue`);
    await page.getByRole('tab', { name: '分类', exact: true }).waitFor();

    await create('分类', '新建分类', CATEGORY, async (dialog) => {
      await dialog.getByText('短视频', { exact: true }).click();
    });
    await page.screenshot({ path: screenshotPath('console-catalogue-categories') });
    await create('演员', '新建演员', ACTOR, async (dialog) => {
      await dialog.getByText('短视频演员', { exact: true }).click();
    });
    await page.screenshot({ path: screenshotPath('console-catalogue-actors') });

    // The video: a short one (its play page shows categories), found by type and its title.
    const call = await asOwner();
    const shorts = await call<VideoList>('GET', '/catalogue/videos?type=short&pageSize=10');
    const target = shorts.items[3] as ConsoleVideo;
    await page.getByRole('menuitem', { name: '视频管理' }).click();
    const table = page.locator('.ant-table-tbody');
    await table.locator('tr.ant-table-row').first().waitFor();
    await pick(page, '类型', '短视频');
    const search = page.getByLabel('搜索标题、标签或演员');
    await search.fill(target.titleCn);
    await search.press('Enter');
    const row = table.locator('tr.ant-table-row').filter({ hasText: target.titleCn });
    await expect.poll(() => table.locator('tr.ant-table-row').count()).toBe(1);
    await expect.poll(() => row.locator('img.catalogue-image').getAttribute('src')).toMatch(/^blob:/);
    await page.screenshot({ path: screenshotPath('console-catalogue-videos-found') });

    await row.getByRole('button', { name: `编辑 ${target.titleCn}` }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '编辑视频' });
    await drawer.getByLabel('中文标题', { exact: true }).fill(TITLE);
    await pick(drawer, '演员', ACTOR);
    await pick(drawer, '分类', CATEGORY);
    await drawer.getByText('编辑视频', { exact: true }).click(); // closes the open list
    await page.screenshot({ path: screenshotPath('console-catalogue-edit') });
    await saveButton(drawer).click();
    await drawer.waitFor({ state: 'hidden' });
    await saved();
    // The list shows the new title and its Traditional.
    await search.fill(TITLE);
    await search.press('Enter');
    await table.locator('tr.ant-table-row').filter({ hasText: TITLE_TW }).waitFor();
    await page.screenshot({ path: screenshotPath('console-catalogue-renamed') });

    for (const [locale, typed, shown, category] of [
      ['zh-CN', TITLE, TITLE, CATEGORY],
      ['zh-TW', TITLE_TW, TITLE_TW, `深夜劇場${suffix}`],
    ] as const) {
      const phone = await startedPhone(browser, locale);
      await open(phone.page, '/short/search');
      const box = phone.page.locator('.search-page__box input');
      await box.fill(typed);
      await box.press('Enter');
      const result = phone.page.locator('.search-results .video-card').filter({ hasText: shown });
      await result.first().waitFor();
      await shot(phone.page, `console-catalogue-phone-search-${locale}`);
      await result.first().click();
      await expect.poll(() => phone.page.getByTestId('play-title').textContent()).toBe(shown);
      const actor = phone.page
        .getByTestId('actor-list')
        .locator('.actor-row__item')
        .filter({ hasText: ACTOR });
      await actor.waitFor();
      // Avatars load as they come into view; this video gains an actor in every run against the
      // same server, so this one may start past the row's edge.
      await actor.scrollIntoViewIfNeeded();
      // The avatar uploaded in the console, decrypted by the phone.
      await expect
        .poll(() =>
          actor.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        )
        .toBe(240);
      await expect.poll(() => phone.page.getByTestId('info-panel').textContent()).toContain(category);
      await shot(phone.page, `console-catalogue-phone-play-${locale}`);
      await phone.context.close();
    }
  });
});
