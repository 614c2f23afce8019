import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, phoneContext, screenshotPath } from './browser.ts';

let browser: Browser;
const baseUrl = inject('baseUrl');

interface Reply<T> {
  status: { code: number; message: string };
  response: T;
}

async function api<T>(path: string, form: Record<string, string> = {}, token?: string): Promise<Reply<T>> {
  const body = new URLSearchParams(form);
  if (token) body.set('token', token);
  const reply = await fetch(`${baseUrl}${path}`, { method: 'POST', body });
  return (await reply.json()) as Reply<T>;
}

/** The newest code the dev outbox holds for an address. */
async function codeFor(to: string): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const reply = await fetch(`${baseUrl}/dev/outbox.json?to=${encodeURIComponent(to)}`);
    const { response } = (await reply.json()) as Reply<{ messages: { code: string | null }[] }>;
    const code = response.messages[0]?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code sent to ${to}`);
}

let serial = 0;

/** A bound account made through the API (guest, code, binding). */
async function boundAccount(): Promise<string> {
  const email = `e2e.member.${Date.now().toString(36)}.${++serial}@example.com`;
  const guest = await api<{ token: string }>('/v1/register/guest');
  expect((await api('/v1/register/verify', { email }, guest.response.token)).status.code).toBe(200);
  const bound = await api<{ token: string }>(
    '/v1/register/binding',
    { email, code: await codeFor(email), password: 'secret123' },
    guest.response.token,
  );
  expect(bound.status.code).toBe(201);
  return bound.response.token;
}

async function userInfoOf(token: string) {
  const reply = await api<{ userInfo: { invite_code: string; invite_count: number } }>(
    '/v1/user/info',
    {},
    token,
  );
  return reply.response.userInfo;
}

/**
 * Closes whatever start-up shows (cover ad, pop-up chain, reminders) until nothing has opened for
 * 2.5 s. Pop-ups fade out, so a control found a moment ago may be gone: every tap may miss.
 */
async function settle(page: Page) {
  let quietSince = Date.now();
  const deadline = Date.now() + 45_000;
  const tap = (action: () => Promise<unknown>) => action().catch(() => undefined);
  while (Date.now() < deadline) {
    await page.waitForTimeout(250);
    const dialog = page.getByRole('dialog').filter({ visible: true });
    if (await dialog.count()) {
      await tap(() => dialog.last().getByRole('button').last().click({ timeout: 1000 }));
      quietSince = Date.now();
    } else if (await page.getByTestId('popup-cover').filter({ visible: true }).count()) {
      await tap(() => page.locator('.cover-ad__skip').click({ timeout: 1000 }));
      quietSince = Date.now();
    } else if (await page.locator('[data-testid^="popup-"]').filter({ visible: true }).count()) {
      await page.mouse.click(6, 6); // the mask around a pop-up closes it
      quietSince = Date.now();
    } else if (Date.now() - quietSince > 2500) return;
  }
  await page.screenshot({ path: screenshotPath('member-unsettled') });
  throw new Error('start-up pop-ups did not settle');
}

/** A phone holding `token` (as after an earlier visit), started and with its pop-ups closed. */
async function phoneWith(token: string, locale = 'zh-CN'): Promise<{ context: BrowserContext; page: Page }> {
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
async function open(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

async function shot(page: Page, name: string, fullPage = false) {
  await page.waitForTimeout(350); // let transitions finish
  await page.screenshot({ path: screenshotPath(name), fullPage });
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

describe('member pages', () => {
  let member: string;
  beforeAll(async () => {
    member = await boundAccount();
  });

  it('share: the QR, the invite code copied with a 2 s confirmation, the tiers and the warning', async () => {
    const { invite_code } = await userInfoOf(member);
    const { context, page } = await phoneWith(member);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await open(page, '/member/share');

    await page.getByRole('heading', { name: '邀请好友，积分免费换VIP' }).waitFor();
    await expect
      .poll(() => page.getByTestId('share-qr').getAttribute('src'))
      .toMatch(/^data:image\/png;base64,/);
    expect(await page.getByTestId('invite-code').textContent()).toBe(invite_code);
    await page.getByText('每邀请1位好友得3积分，1积分可兑换1天VIP').waitFor();
    await page.getByText('已邀请 0 人').waitFor();
    const rewards = page.getByTestId('invite-rewards').getByRole('listitem');
    expect(await rewards.allTextContents()).toEqual([
      '每邀请1位好友，获得3积分+3',
      '累计邀请10人，额外奖励500积分0/10',
      '累计邀请20人，额外奖励1000积分0/20',
      '累计邀请30人，额外奖励1800积分0/30',
    ]);
    await page.getByText('严禁刷分等违规行为，一经发现将限制账号并清空积分').waitFor();
    // A bound member is not asked to bind.
    expect(await page.getByText('你当前是游客账号', { exact: false }).count()).toBe(0);
    await shot(page, 'member-share');
    await shot(page, 'member-share-full', true);

    await button(page, '复制').click();
    await button(page, '已复制').waitFor();
    expect(await clipboard(page)).toBe(invite_code);
    await shot(page, 'member-share-copied');
    // The confirmation goes after its 2 s.
    await button(page, '复制').waitFor({ timeout: 5000 });

    // The Clipboard API refused (plain-HTTP LAN address, in-app browser): the selection fallback copies.
    await page.evaluate(() => navigator.clipboard.writeText('something else'));
    await page.evaluate(() => {
      Object.defineProperty(navigator.clipboard, 'writeText', {
        configurable: true,
        value: () => Promise.reject(new DOMException('refused', 'NotAllowedError')),
      });
    });
    await button(page, '复制').click();
    await button(page, '已复制').waitFor();
    expect(await clipboard(page)).toBe(invite_code);
    await context.close();
  });

  it('share button: the share sheet gets the text with the code; without one the text is copied', async () => {
    const { invite_code } = await userInfoOf(member);
    const { context, page } = await phoneWith(member);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await open(page, '/member/share');
    await page.getByTestId('invite-code').waitFor();

    // No Web Share API (desktop browsers, some in-app browsers): copied, and the user is told.
    await page.evaluate(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await button(page, '分享给好友').click();
    await page.getByText('分享文案已复制，快去发送给好友吧').waitFor();
    const copied = await clipboard(page);
    expect(copied).toContain(invite_code);
    expect(copied).toContain(baseUrl);
    await shot(page, 'member-share-text-copied');

    // With the Web Share API the sheet gets the same text and nothing is copied.
    await page.evaluate(() => navigator.clipboard.writeText(''));
    await page.evaluate(() => {
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: (data: ShareData) => {
          (window as { sharedData?: ShareData }).sharedData = data;
          return Promise.resolve();
        },
      });
    });
    await button(page, '分享给好友').click();
    await expect
      .poll(() => page.evaluate(() => (window as { sharedData?: ShareData }).sharedData?.text ?? ''))
      .toBe(copied);
    expect(await clipboard(page)).toBe('');
    await context.close();
  });

  it('share for a guest: the code works, and binding is offered so the points are not lost', async () => {
    const guest = await api<{ token: string }>('/v1/register/guest');
    const { context, page } = await phoneWith(guest.response.token);
    await open(page, '/member/share');
    await page.getByText('你当前是游客账号，邀请获得的积分只保存在这个账号里', { exact: false }).waitFor();
    expect(await page.getByTestId('invite-code').textContent()).toBe(
      (await userInfoOf(guest.response.token)).invite_code,
    );
    await shot(page, 'member-share-guest');
    await button(page, '去绑定').click();
    await page.waitForURL(/\/member\/signup$/);
    await context.close();
  });

  it('setting: the auto-play toggle persists across a reload', async () => {
    const { context, page } = await phoneWith(member);
    await open(page, '/member/setting');
    const toggle = page.getByRole('switch', { name: '自动播放' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await shot(page, 'member-setting');

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('app.streamAutoplay'))).toBe('false');

    await page.reload();
    const reloaded = page.getByRole('switch', { name: '自动播放' });
    await reloaded.waitFor();
    expect(await reloaded.getAttribute('aria-checked')).toBe('false');
    // Start-up ran again: its pop-ups may lead elsewhere once closed.
    await settle(page);
    await open(page, '/member/setting');
    expect(await reloaded.getAttribute('aria-checked')).toBe('false');
    await shot(page, 'member-setting-autoplay-off');

    await context.close();
  });

  it('policy: terms with 13 sections and privacy with 5, in simplified and traditional Chinese', async () => {
    const locales = [
      { locale: 'zh-CN', terms: '用户协议', privacy: '隐私政策', law: '美国内华达州法律', suffix: 'cn' },
      { locale: 'zh-TW', terms: '使用者條款', privacy: '隱私權政策', law: '美國內華達州法律', suffix: 'tw' },
    ];
    for (const { locale, terms, privacy, law, suffix } of locales) {
      const { context, page } = await phoneWith(member, locale);
      await open(page, '/member/policy');
      const text = page.getByTestId('policy-text');
      await page.getByRole('tab', { name: terms }).waitFor();
      await expect.poll(() => text.locator('section').count()).toBe(13);
      expect(await text.getAttribute('aria-label')).toBe(terms);
      await text.getByText(law, { exact: false }).waitFor();
      await shot(page, `member-policy-terms-${suffix}`);

      await page.getByRole('tab', { name: privacy }).click();
      await page.waitForURL(/\/member\/policy\?tab=privacy$/);
      await expect.poll(() => text.getAttribute('aria-label')).toBe(privacy);
      expect(await text.locator('section').count()).toBe(5);
      await shot(page, `member-policy-privacy-${suffix}`);

      // Opened with ?tab=privacy the privacy text comes first.
      await page.reload();
      await expect.poll(() => page.getByTestId('policy-text').getAttribute('aria-label')).toBe(privacy);
      await context.close();
    }
  });
});
