import type { UserInfo } from '@app/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { phoneContext, screenshotPath } from './browser.ts';
import { settle, textDialogs } from './settle.ts';

export { settle, textDialogs };

/**
 * What every browser test does with the app: start a phone and close the start-up pop-ups, move
 * between pages inside the running app, read messages, and make accounts through the API.
 */
export const baseUrl = inject('baseUrl');

/**
 * Serves a reply changed by `change`. The original is fetched from the plain main line, whichever
 * line the app chose, so the change works on encrypted lines too (it goes back unencrypted).
 */
export async function changeReply<T>(context: BrowserContext, path: string, change: (response: T) => void) {
  await context.route(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${path}(\\?|$)`), async (route) => {
    const original = new URL(route.request().url());
    const reply = await route.fetch({ url: `${baseUrl}${original.pathname}${original.search}` });
    const body = (await reply.json()) as { response: T };
    change(body.response);
    await route.fulfill({ response: reply, json: body });
  });
}

/** A phone through the jump page with a guest token, start-up finished and pop-ups closed. */
export async function startedPhone(
  browser: Browser,
  locale = 'zh-CN',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, { locale });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('page error:', error.message));
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/long(\?|$)/, { waitUntil: 'commit' });
  await page.locator('.app-tab-bar').waitFor();
  await settle(page);
  return { context, page };
}

/** A phone holding `token` (as after an earlier visit), started and with its pop-ups closed. */
export async function phoneWith(
  browser: Browser,
  token: string,
  locale = 'zh-CN',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, { locale });
  await context.addInitScript((stored) => {
    if (!localStorage.getItem('app.token')) localStorage.setItem('app.token', JSON.stringify(stored));
  }, token);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.log('page error:', error.message));
  await page.goto(`${baseUrl}/long`);
  await page.locator('.app-tab-bar').waitFor();
  await settle(page);
  return { context, page };
}

/** Moves inside the running app (as a link would), so start-up and its pop-ups do not run again. */
export async function open(page: Page, path: string) {
  // A dialog the app just closed steps back over its history entry (app/back-closes.ts); a page
  // pushed before that step lands would be the one stepped back from.
  await page
    .waitForFunction(
      () => {
        const state: unknown = history.state;
        const overlayEntry = typeof state === 'object' && state !== null && 'appOverlayId' in state;
        return !overlayEntry || document.querySelector('[role="dialog"], .adm-popup') !== null;
      },
      null,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

export const field = (page: Page, placeholder: string) => page.getByPlaceholder(placeholder, { exact: true });
export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** A toast or dialog with this text is on screen; a dialog is confirmed so the next step can go on. */
export async function expectMessage(page: Page, text: string) {
  await page.getByText(text, { exact: true }).last().waitFor();
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  if (await dialog.count()) await dialog.getByRole('button').last().click();
  // Toasts may overlap on a busy machine: wait for this one's own to go.
  else await page.locator('.adm-toast-mask').filter({ hasText: text }).waitFor({ state: 'detached' });
}

export async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(350); // let transitions finish
  await page.screenshot({ path: screenshotPath(name), fullPage });
}

/** Unique addresses per run: the server keeps accounts for the whole suite. */
let serial = 0;
export const uniqueMail = () => `e2e.${Date.now().toString(36)}.${++serial}@example.com`;
export const uniqueTaiwanNumber = () => `09${String(Date.now() % 1e8).padStart(8, '0')}`.slice(0, 10);

export interface Reply<T> {
  status: { code: number; message: string };
  response: T;
}

export async function api<T>(
  path: string,
  form: Record<string, string> = {},
  token?: string,
): Promise<Reply<T>> {
  const body = new URLSearchParams(form);
  if (token) body.set('token', token);
  const reply = await fetch(`${baseUrl}${path}`, { method: 'POST', body });
  return (await reply.json()) as Reply<T>;
}

export async function apiGet<T>(path: string, token: string): Promise<Reply<T>> {
  const reply = await fetch(`${baseUrl}${path}?token=${encodeURIComponent(token)}`);
  return (await reply.json()) as Reply<T>;
}

/** The newest code the dev outbox holds for an address (mail lower-cased, phone as "886-912…"). */
export async function codeFor(to: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const reply = await fetch(`${baseUrl}/dev/outbox.json?to=${encodeURIComponent(to)}`);
    const { response } = (await reply.json()) as Reply<{ messages: { code: string | null }[] }>;
    const code = response.messages[0]?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code sent to ${to}`);
}

/** A bound account made through the API (guest, code, binding), for the flows that start from one. */
export async function boundAccount(password: string): Promise<{ email: string; token: string }> {
  const email = uniqueMail();
  const guest = await api<{ token: string }>('/v1/register/guest');
  const sent = await api('/v1/register/verify', { email }, guest.response.token);
  expect(sent.status.code).toBe(200);
  const bound = await api<{ token: string }>(
    '/v1/register/binding',
    { email, code: await codeFor(email), password },
    guest.response.token,
  );
  expect(bound.status.code).toBe(201);
  return { email, token: bound.response.token };
}

export const storedToken = async (page: Page) =>
  JSON.parse((await page.evaluate(() => localStorage.getItem('app.token'))) ?? 'null') as string;

export async function userInfoOf(token: string) {
  const reply = await api<{ userInfo: UserInfo }>('/v1/user/info', {}, token);
  return reply.response.userInfo;
}

/** Confirms the dialog that shows `text`. */
export async function confirmDialog(page: Page, text: string) {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await dialog.waitFor().catch(async (error: unknown) => {
    await page.screenshot({ path: screenshotPath('accounts-missing-dialog') });
    throw error;
  });
  await dialog.getByRole('button').last().click();
  await dialog.waitFor({ state: 'detached' });
}
