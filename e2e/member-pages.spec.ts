import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { api, baseUrl, boundAccount, button, open, phoneWith, settle, shot, userInfoOf } from './phone.ts';

let browser: Browser;

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => browser?.close());

describe('member pages', () => {
  let member: string;
  beforeAll(async () => {
    member = (await boundAccount('secret123')).token;
  });

  it('share: the QR, the invite code copied with a 2 s confirmation, the tiers and the warning', async () => {
    const { invite_code } = await userInfoOf(member);
    const { context, page } = await phoneWith(browser, member);
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
    const { context, page } = await phoneWith(browser, member);
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
    const { context, page } = await phoneWith(browser, guest.response.token);
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
    const { context, page } = await phoneWith(browser, member);
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
      const { context, page } = await phoneWith(browser, member, locale);
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
