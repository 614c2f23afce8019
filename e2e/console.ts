import { CONSOLE_CSRF_HEADER, CONSOLE_SESSION_COOKIE } from '@app/contract/console/list';
import type { OperatorRole } from '@app/contract/console/operators';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { screenshotPath } from './browser.ts';

/**
 * The operator console in a desktop Chromium at 1280×800: signed in as a role, through the real
 * sign-in page. The harness's server has an owner from OWNER_EMAIL / OWNER_PASSWORD (global-setup);
 * other roles are created by that owner through the console API.
 */
export const baseUrl = inject('baseUrl');
export const owner = { email: inject('ownerEmail'), password: inject('ownerPassword') };
export const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
/** A tablet held upright: the narrowest width the console is laid out for (issue 37 §18). */
export const TABLET = { viewport: { width: 768, height: 1024 }, deviceScaleFactor: 1 };

/** A password every operator made here has (it passes the console's password rule). */
export const OPERATOR_PASSWORD = 'Operator-Pass-2026';

let serial = 0;
let ownerApi: ReturnType<typeof consoleApiAs> | undefined;
/** The harness owner's API session, signed in once per test file. */
export const asOwner = () => (ownerApi ??= consoleApiAs(owner.email, owner.password));

/** A console API session outside the browser (for set-up steps), signed in with fetch. */
export async function consoleApiAs(email: string, password: string, totp?: string) {
  const signIn = await fetch(`${baseUrl}/admin/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, ...(totp && { totp }) }),
  });
  if (!signIn.ok)
    throw new Error(`console sign-in of ${email} failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .find((line) => line.startsWith(`${CONSOLE_SESSION_COOKIE}=`))!
    .split(';')[0]!;
  const { csrf } = (await signIn.json()) as { csrf: string };
  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const reply = await fetch(`${baseUrl}/admin/api${path}`, {
      method,
      headers: {
        cookie,
        [CONSOLE_CSRF_HEADER]: csrf,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
    return (await reply.json()) as T;
  };
}

/** A new operator of `role` made by the owner; returns its e-mail (password OPERATOR_PASSWORD). */
export async function newOperator(role: OperatorRole): Promise<string> {
  serial += 1;
  const email = `${role}${serial}.${Date.now()}@console.test`;
  const call = await asOwner();
  await call('POST', '/operators', { email, role, password: OPERATOR_PASSWORD });
  return email;
}

/** Fills and sends the sign-in page. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${baseUrl}/admin/sign-in`);
  await page.getByLabel(/邮箱|電子郵件/).fill(email);
  await page.getByLabel(/^密码$|^密碼$/).fill(password);
  await page.getByRole('button', { name: /登\s*录|登\s*入/ }).click();
}

/**
 * A desktop page of the console, signed in as `role` (the harness's owner for `owner`, a fresh
 * operator otherwise), on the console's front page.
 */
export async function consolePage(
  browser: Browser,
  role: OperatorRole = 'owner',
  options: { locale?: 'zh-CN' | 'zh-TW'; size?: typeof DESKTOP } = {},
): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const email = role === 'owner' ? owner.email : await newOperator(role);
  const password = role === 'owner' ? owner.password : OPERATOR_PASSWORD;
  const context = await browser.newContext({
    ...(options.size ?? DESKTOP),
    locale: options.locale ?? 'zh-CN',
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('console page error:', error.message));
  await signIn(page, email, password);
  await page.getByTestId('operator-menu').waitFor();
  return { context, page, email };
}

/** A screenshot of the console at its context's size in test-results/screenshots (look at it). */
export async function consoleShot(page: Page, name: string) {
  await page.screenshot({ path: screenshotPath(`console-${name}`) });
}
