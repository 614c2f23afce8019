import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { boundAccount } from './phone.ts';
import {
  baseUrl,
  consolePage,
  consoleShot,
  DESKTOP,
  newOperator,
  OPERATOR_PASSWORD,
  owner,
  TABLET,
} from './console.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

const SIZES = [
  ['1280×800', DESKTOP],
  ['768×1024', TABLET],
] as const;

/** Signs in on the page the console sent us to (the sign-in page keeps `?next=`). */
async function signInHere(page: Page, email: string, password: string) {
  await page.getByLabel(/邮箱|電子郵件/).fill(email);
  await page.getByLabel(/^密码$|^密碼$/).fill(password);
  await page.getByRole('button', { name: /登\s*录|登\s*入/ }).click();
}

/** The query of the page's address, as an object. */
const queryOf = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

describe('console for daily work: every view a link', () => {
  for (const [name, size] of SIZES) {
    it(`a signed-out link returns there after sign-in, and a list's view survives reload, back and a pasted link (${name})`, async () => {
      const context = await browser.newContext({ ...size, locale: 'zh-CN' });
      const page = await context.newPage();
      // Signed out: the catalogue's actors, second page, newest first.
      await page.goto(`${baseUrl}/admin/catalogue?tab=actors&page=2`);
      await page.getByRole('heading', { name: '登录运营后台' }).waitFor();
      expect(new URL(page.url()).searchParams.get('next')).toBe('/catalogue?tab=actors&page=2');
      await signInHere(page, owner.email, owner.password);
      await page.getByRole('tab', { name: '演员', selected: true }).waitFor();
      expect(queryOf(page)).toEqual({ tab: 'actors', page: '2' });
      await page.locator('.ant-pagination-item-active').getByText('2', { exact: true }).waitFor();

      // A search goes into the address and comes back on reload, filling the search box again.
      const editOfFirst = page
        .locator('.ant-table-tbody tr.ant-table-row')
        .first()
        .getByRole('button', { name: /^编辑 / });
      const actor = ((await editOfFirst.getAttribute('aria-label')) ?? '').replace(/^编辑 /, '');
      const search = page.getByLabel('按名称搜索');
      await search.fill(actor);
      await search.press('Enter');
      await expect.poll(() => queryOf(page)).toEqual({ tab: 'actors', q: actor });
      await page.reload();
      await page.getByRole('tab', { name: '演员', selected: true }).waitFor();
      await expect.poll(() => page.getByLabel('按名称搜索').inputValue()).toBe(actor);

      // The edit dialog is in the address too: back closes it, forward opens it again.
      const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
      await firstRow.getByRole('button', { name: /^编辑/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(queryOf(page).edit).toMatch(/^\d+$/);
      const editLink = page.url();
      await page.goBack();
      await dialog.waitFor({ state: 'hidden' });
      await page.goForward();
      await dialog.waitFor();
      await consoleShot(page, `daily-link-dialog-${size.viewport.width}`);

      // A changed form asks before Escape throws the change away.
      await dialog.getByLabel('名称', { exact: true }).fill('改了但没保存');
      await page.keyboard.press('Escape');
      const ask = page.getByRole('dialog').filter({ hasText: '有未保存的修改' });
      await ask.waitFor();
      await consoleShot(page, `daily-unsaved-${size.viewport.width}`);
      await ask.getByRole('button', { name: '继续编辑' }).click();
      await expect.poll(() => dialog.getByLabel('名称', { exact: true }).inputValue()).toBe('改了但没保存');
      await ask.waitFor({ state: 'hidden' });
      // The mask asks too.
      await page
        .locator('.ant-modal-wrap')
        .first()
        .click({ position: { x: 5, y: 5 } });
      await page
        .getByRole('dialog')
        .filter({ hasText: '有未保存的修改' })
        .getByRole('button', { name: '放弃修改' })
        .click();
      await page.getByRole('dialog').filter({ hasText: '改了但没保存' }).waitFor({ state: 'hidden' });

      // The same link pasted into another tab opens the same view, dialog and all.
      const other = await context.newPage();
      await other.goto(editLink);
      await other.getByRole('dialog').getByLabel('名称', { exact: true }).waitFor();
      expect(await other.getByLabel('按名称搜索').inputValue()).toBe(actor);
      await context.close();
    });
  }

  it('an editor opening operators and finance opening videos see who may (403), in both locales', async () => {
    const editor = await newOperator('editor');
    const context = await browser.newContext({ ...DESKTOP, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/admin/operators`);
    await signInHere(page, editor, OPERATOR_PASSWORD);
    await page.getByText('没有权限').waitFor();
    await page.getByText('此页面需要以下角色之一：所有者。').waitFor();
    expect(await page.getByText('页面不存在').count()).toBe(0);
    await consoleShot(page, 'daily-forbidden');
    await context.close();

    const finance = await newOperator('finance');
    const tw = await browser.newContext({ ...TABLET, locale: 'zh-TW' });
    const twPage = await tw.newPage();
    await twPage.goto(`${baseUrl}/admin/videos`);
    await signInHere(twPage, finance, OPERATOR_PASSWORD);
    await twPage.getByText('沒有權限').waitFor();
    await twPage.getByText('此頁面需要下列角色之一：擁有者、編輯。').waitFor();
    await consoleShot(twPage, 'daily-forbidden-tw-768');
    await tw.close();
  });
});

describe('console for daily work: lists that hold at 768 px', () => {
  for (const [name, size] of SIZES) {
    it(`the videos and catalogue lists scroll sideways with the first column fixed, never a letter per line (${name})`, async () => {
      const { context, page } = await consolePage(browser, 'owner', { size });
      for (const [menu, path] of [
        ['视频管理', 'videos'],
        ['分类与演员', 'catalogue'],
      ] as const) {
        await page.getByRole('menuitem', { name: menu }).click();
        await page.waitForURL(`**/admin/${path}`);
        const table = page.locator('.ant-table').first();
        await table.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
        // Every header says its words on one or two lines: no column squeezed to a letter each.
        // Read once the table is laid out: a busy machine can show the rows before the widths.
        const narrow = () =>
          table.locator('thead th').evaluateAll((cells) =>
            cells
              .filter((cell) => (cell.textContent ?? '').trim().length > 1)
              .filter((cell) => cell.getBoundingClientRect().width <= 40)
              .map((cell) => `${cell.textContent}: ${cell.getBoundingClientRect().width}px`),
          );
        await expect.poll(narrow).toEqual([]);
        // The first column stays put while the rest scrolls.
        expect(await table.locator('thead th').first().getAttribute('class')).toMatch(
          /ant-table-cell-fix-(left|start)/,
        );
        await consoleShot(page, `daily-${path}-${size.viewport.width}`);
        // Row checkboxes are named in the console's language.
        if (path === 'videos') {
          await page
            .getByRole('checkbox', { name: /^选择此行 / })
            .first()
            .waitFor();
          expect(await page.getByRole('checkbox', { name: /Select/ }).count()).toBe(0);
        }
      }
      // The home feed's blocks keep their width beside (or above) the phone preview.
      await page.getByRole('menuitem', { name: '首页编排' }).click();
      await page.waitForURL('**/admin/feed**');
      const row = page.getByTestId('feed-row').first();
      await row.waitFor();
      expect((await row.boundingBox())!.width).toBeGreaterThan(360);
      await consoleShot(page, `daily-feed-${size.viewport.width}`);
      await context.close();
    });
  }
});

describe('console for daily work: nothing lost', () => {
  it('bulk unpublish asks first and says what changed; its bar stays usable when the list is scrolled', async () => {
    const { context, page } = await consolePage(browser, 'owner');
    await page.getByRole('menuitem', { name: '视频管理' }).click();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    // Two published videos.
    await page.getByLabel('上架状态').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '已上架' }).click();
    await expect.poll(() => queryOf(page).published).toBe('yes');
    await rows.nth(1).waitFor();
    const titles = [
      await rows.nth(0).getByTestId('video-title').innerText(),
      await rows.nth(1).getByTestId('video-title').innerText(),
    ];
    await rows.nth(0).getByRole('checkbox').check();
    await rows.nth(1).getByRole('checkbox').check();
    const bar = page.getByRole('toolbar', { name: '已选 2 个视频' });
    await bar.waitFor();

    // Scrolled down the list, the bar is still on top of everything and its buttons take taps.
    await page.mouse.wheel(0, 900);
    await expect.poll(async () => (await bar.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    const button = bar.getByRole('button', { name: '取消发布' });
    // Asked until the scroll has come to rest: on a busy machine it may still be moving at first.
    const onTop = async () => {
      const box = (await button.boundingBox())!;
      return page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('[role=toolbar]') !== null,
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
    };
    await expect.poll(onTop).toBe(true);

    await button.click();
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: '取消发布选中的 2 个视频' });
    await confirm.waitFor();
    await consoleShot(page, 'daily-bulk-confirm');
    await confirm.getByRole('button', { name: '取消发布' }).click();
    await page.getByText('已取消发布 2 个视频（0 个原本未发布）').waitFor();

    // Put them back for the other tests of this run.
    await page.getByLabel('上架状态').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '未上架' }).click();
    for (const title of titles)
      await page.getByTestId('video-title').filter({ hasText: title }).first().waitFor();
    await bar.getByRole('button', { name: /^发\s*布$/ }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /^发\s*布$/ })
      .click();
    await page.getByText('已发布 2 个视频（0 个原本已发布）').waitFor();
    await context.close();
  });

  for (const [name, size] of SIZES) {
    it(`the settings page keeps its save bar in view and asks before a change is left behind (${name})`, async () => {
      const { context, page } = await consolePage(browser, 'owner', { size });
      await page.getByRole('menuitem', { name: '应用设置' }).click();
      await page.getByRole('tab', { name: '启动与公告', selected: true }).waitFor();
      const message = page.getByLabel('公告内容', { exact: true });
      const before = await message.inputValue();
      await message.fill(`${before}（草稿）`);
      const bar = page.getByTestId('settings-save-bar');
      // At the top of a long form, its save bar is already in the window.
      const box = (await bar.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(size.viewport.height + 1);
      await bar.getByText('有未保存的修改').waitFor();
      await consoleShot(page, `daily-settings-bar-${size.viewport.width}`);

      // Leaving by the menu asks; staying keeps the change.
      await page.getByRole('menuitem', { name: '操作日志' }).click();
      const ask = page.getByRole('dialog').filter({ hasText: '有未保存的修改' });
      await ask.waitFor();
      await ask.getByRole('button', { name: '继续编辑' }).click();
      expect(page.url()).toContain('/admin/settings');
      expect(await message.inputValue()).toBe(`${before}（草稿）`);

      // Reloading asks too (the browser's own question).
      const asked = new Promise<string>((resolve) =>
        page.once('dialog', (dialog) => {
          resolve(dialog.type());
          void dialog.accept();
        }),
      );
      await page.reload();
      expect(await asked).toBe('beforeunload');
      await context.close();
    });
  }
});

describe('console for daily work: an audit trail an auditor can read', () => {
  for (const [name, size] of SIZES) {
    it(`the owner reads a change in words, filters by a listed action in the address and exports what is shown, in zh-TW (${name})`, async () => {
      // Something to read: an operator made by the owner (audited as 建立營運人員 with its e-mail).
      const email = await newOperator('support');
      const { context, page } = await consolePage(browser, 'owner', { size, locale: 'zh-TW' });
      await page.getByRole('menuitem', { name: '操作紀錄' }).click();
      const row = page
        .getByRole('row')
        .filter({ hasText: '建立營運人員' })
        .filter({ hasText: email })
        .first();
      await row.waitFor();
      // Never the stored key, and the target links to where the console shows it.
      expect(await page.getByText('operator.create').count()).toBe(0);
      expect(
        await row.getByRole('link', { name: new RegExp(email.replace(/\./g, '\\.')) }).getAttribute('href'),
      ).toMatch(/\/admin\/operators\?email=/);

      // The action filter is a list of words; the choice goes into the address.
      await page.getByLabel('操作', { exact: true }).click();
      await page.keyboard.type('建立營運');
      await page.locator('.ant-select-item-option').filter({ hasText: '建立營運人員' }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^搜\s*尋$/ }).click();
      await expect.poll(() => queryOf(page).action).toBe('operator.create');
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      await expect
        .poll(async () => (await rows.allInnerTexts()).every((text) => text.includes('建立營運人員')))
        .toBe(true);
      await row.waitFor();
      await consoleShot(page, `daily-audit-tw-${size.viewport.width}`);

      // The details: before and after as a table of the fields, in words.
      await row.getByRole('button', { name: /檢\s*視/ }).click();
      const details = page.locator('.ant-drawer');
      await details.getByRole('row').filter({ hasText: '角色' }).getByText('客服').waitFor();
      expect(queryOf(page).open).toMatch(/^\d+$/);
      await consoleShot(page, `daily-audit-details-tw-${size.viewport.width}`);
      await page.keyboard.press('Escape');

      // The CSV export takes the same filters, in the console's language.
      const href = await page.getByRole('link', { name: /匯出 CSV/ }).getAttribute('href');
      const csv = new URL(href!, baseUrl);
      expect(csv.pathname).toBe('/admin/api/audit/export.csv');
      expect(csv.searchParams.get('action')).toBe('operator.create');
      expect(csv.searchParams.get('locale')).toBe('tw');
      const cookies = await context.cookies();
      const reply = await fetch(csv, {
        headers: { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') },
      });
      expect(reply.status).toBe(200);
      const text = await reply.text();
      expect(text).toContain('建立營運人員');
      expect(text).toContain(email);
      await context.close();
    });
  }
});

describe('console for daily work: operators and users', () => {
  for (const [name, size] of SIZES) {
    it(`support browses the users, newest first, VIP or banned, sorted, and the view is a link (${name})`, async () => {
      // A bound account holds a day of VIP, so the VIP filter has someone to show whichever specs ran first.
      await boundAccount('Users-Browse-2026');
      const { context, page } = await consolePage(browser, 'support', { size });
      await page.getByRole('menuitem', { name: '用户查询' }).click();
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      await rows.first().waitFor();
      // Newest first: the ids go down.
      const ids = async () =>
        (await rows.locator('td:first-child a').allInnerTexts()).map((text) => Number(text.slice(1)));
      await expect.poll(async () => (await ids()).length).toBeGreaterThan(1);
      const newest = await ids();
      expect([...newest].sort((a, b) => b - a)).toEqual(newest);

      // VIP only, most points first; both in the address and back after a reload.
      await page.locator('.ant-segmented').getByText('VIP', { exact: true }).click();
      await expect.poll(() => queryOf(page).filter).toBe('vip');
      await page.getByRole('columnheader', { name: /积分/ }).click();
      await expect.poll(() => queryOf(page).sort).toBe('points');
      await page.reload();
      await rows.first().waitFor();
      expect(queryOf(page)).toMatchObject({ filter: 'vip', sort: 'points' });
      await expect
        .poll(async () => (await rows.allInnerTexts()).every((text) => !text.includes('非 VIP')))
        .toBe(true);
      await consoleShot(page, `daily-users-vip-${size.viewport.width}`);
      await context.close();
    });
  }

  it('the owner changes an operator’s role after saying yes to what it does, and it is audited', async () => {
    const email = await newOperator('support');
    const { context, page } = await consolePage(browser, 'owner');
    await page.goto(`${baseUrl}/admin/operators?email=${encodeURIComponent(email)}`);
    const row = page.getByRole('row').filter({ hasText: email });
    await row.getByLabel('修改角色').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '编辑' }).click();
    const ask = page.getByRole('dialog').filter({ hasText: '会话会立即失效' });
    await ask.getByText(`把 ${email} 的角色从「客服」改为「编辑」`, { exact: false }).waitFor();
    await consoleShot(page, 'daily-role-confirm');
    await ask.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已保存').first().waitFor();
    await page.getByRole('menuitem', { name: '操作日志' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: '更改运营人员角色' })
      .filter({ hasText: email })
      .first()
      .waitFor();
    await context.close();
  });
});
