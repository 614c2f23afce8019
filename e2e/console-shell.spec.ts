import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../packages/server/src/features/operators/totp.ts';
import { launchChromium } from './browser.ts';
import {
  baseUrl,
  consolePage,
  consoleShot,
  DESKTOP,
  newOperator,
  OPERATOR_PASSWORD,
  signIn,
} from './console.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

/**
 * The console's shell at 1280×800: sign-in (and TOTP), an owner creating an operator and finding
 * it in the audit log, roles seeing only their sections, and the language switch — with no CSP
 * violation on the way.
 */
describe('console shell', () => {
  it('an owner signs in, creates an operator and sees the audit entry', async () => {
    const { context, page } = await consolePage(browser, 'owner');
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    // The front page is the first section of the menu (the dashboard): the operators are a tap away.
    await page.getByRole('menuitem', { name: '运营人员' }).click();
    await page.getByRole('heading', { name: '运营人员' }).waitFor();
    await consoleShot(page, 'operators');

    const email = `made.${Date.now()}@console.test`;
    await page.getByRole('button', { name: /新建运营账号/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('邮箱').fill(email);
    // A weak password is refused beside the field, in the operator's language.
    await dialog.getByLabel('密码').fill('weakpassword');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.getByText('密码需包含小写字母、大写字母、数字、符号中的至少三种').waitFor();
    await consoleShot(page, 'operator-form-error');
    await dialog.getByLabel('密码').fill('Made-Operator-2026');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText(`已创建运营账号 ${email}`).waitFor();
    await page.getByRole('cell', { name: email }).waitFor();

    await page.getByRole('menuitem', { name: '操作日志' }).click();
    await page.getByRole('heading', { name: '操作日志' }).waitFor();
    // The action in words with its target named, never the stored key (issue 37 §8).
    const row = page.getByRole('row').filter({ hasText: `创建运营人员` }).filter({ hasText: email }).first();
    await row.waitFor();
    expect(await page.getByText('operator.create').count()).toBe(0);
    await row.getByRole('button', { name: /查\s*看/ }).click();
    const details = page.locator('.ant-drawer');
    // Before and after as a readable table of the fields that changed, each field named in words.
    await details.getByRole('row').filter({ hasText: '角色' }).getByText('编辑').waitFor();
    const fieldNames = await details.locator('tbody tr td:first-child').allInnerTexts();
    expect(fieldNames).toContain('邮箱');
    expect(fieldNames.filter((name) => /^[a-z_]+$/i.test(name))).toEqual([]);
    expect(await details.textContent()).not.toContain('Made-Operator-2026');
    await consoleShot(page, 'audit-details');
    expect(violations).toEqual([]);
    await context.close();
  });

  it('an operator with TOTP is asked for the code after the password', async () => {
    const email = await newOperator('support');
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await signIn(page, email, OPERATOR_PASSWORD);
    await page.getByTestId('operator-menu').waitFor(); // signed in, on its first section
    // Sets up TOTP on its own account page: a QR code and the secret to type.
    await page.getByTestId('operator-menu').hover();
    await page.getByRole('menuitem', { name: '我的账号' }).click();
    await page.getByRole('button', { name: /开启动态验证码/ }).click();
    await page.getByTestId('totp-qr').waitFor();
    const secret = (await page.getByTestId('totp-secret').innerText()).trim();
    await consoleShot(page, 'totp-setup');
    await page.getByLabel('动态验证码').fill(totpCode(secret, new Date()));
    await page.getByRole('button', { name: /验证并开启/ }).click();
    await page.getByText('已开启。登录时需要输入身份验证器中的 6 位验证码。').waitFor();

    await page.getByTestId('operator-menu').hover();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await signIn(page, email, OPERATOR_PASSWORD);
    const code = page.getByLabel('动态验证码');
    await code.waitFor();
    await code.fill('000000');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByText('动态验证码错误或已使用').waitFor();
    await consoleShot(page, 'sign-in-totp');
    await code.fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.getByTestId('operator-menu').waitFor();
    // A support operator sees no owner section.
    expect(await page.getByRole('menuitem', { name: '运营人员' }).count()).toBe(0);
    await page.goto(`${baseUrl}/admin/operators`);
    // A section of another role says so, and whose it is (issue 37 §3).
    await page.getByText('没有权限').waitFor();
    await page.getByText('此页面需要以下角色之一：所有者。').waitFor();
    await context.close();
  });

  it('switches to Traditional Chinese with Taiwan wording', async () => {
    const { context, page } = await consolePage(browser, 'owner', { locale: 'zh-TW' });
    await page.getByRole('menuitem', { name: '營運人員' }).click();
    await page.getByRole('heading', { name: '營運人員' }).waitFor();
    await page.getByRole('menuitem', { name: '操作紀錄' }).waitFor();
    await consoleShot(page, 'operators-tw');
    await page.getByRole('combobox', { name: '語言' }).click();
    await page.getByTitle('简体中文').click();
    await page.getByRole('heading', { name: '运营人员' }).waitFor();
    await context.close();
  });
});
