import { describe, expect, it } from 'vitest';
import type { AppInfo, UserInfo } from '@app/contract';
import { announcementLines, newsLine } from './announcement-text.ts';
import { localDay } from './popup-cadence.ts';
import { popupChain } from './popup-chain.ts';

const appInfo = {
  pwa: { announcement_switch: true, message: 'Hello\\nworld' },
  member_level: true,
  announcement_level: 'both',
  ad: { pop_image: '/img/ad.bin' },
  forever_link: '',
  forever_image: '',
} as unknown as AppInfo;
const userInfo = { level: 'A' } as UserInfo;
const signinList = {
  signin: false,
  cont_total: 0,
  result: [{ day: 1, icon: 'view', amount: 2, is_completed: false, details: '+2' }],
};

describe('popupChain', () => {
  it('runs announcement, one marketing pop-up (the promotion), then check-in', () => {
    expect(
      popupChain({
        appInfo,
        userInfo,
        signinList,
        now: 1000,
        announcementHiddenUntil: 0,
        foreverHiddenUntil: 0,
      }),
    ).toEqual(['announcement', 'promotion', 'checkin']);
  });

  it('skips a dismissed announcement until the day is over, and check-in once done', () => {
    const chain = popupChain({
      appInfo,
      userInfo,
      signinList: { ...signinList, signin: true },
      now: 1000,
      announcementHiddenUntil: 2000,
      foreverHiddenUntil: 0,
    });
    expect(chain).toEqual(['promotion']);
  });

  it('shows the promotion only to the levels announcement_level names', () => {
    const forOthers = { ...appInfo, announcement_level: 'other' } as AppInfo;
    expect(
      popupChain({
        appInfo: forOthers,
        userInfo,
        signinList: null,
        now: 0,
        announcementHiddenUntil: 0,
        foreverHiddenUntil: 0,
      }),
    ).not.toContain('promotion');
    expect(
      popupChain({
        appInfo: forOthers,
        userInfo: { level: 'E' } as UserInfo,
        signinList: null,
        now: 0,
        announcementHiddenUntil: 0,
        foreverHiddenUntil: 0,
      }),
    ).toContain('promotion');
  });
});

describe('pop-up cadence', () => {
  const now = new Date(2026, 10, 23, 10).getTime();
  const base = { appInfo, userInfo, signinList, now, announcementHiddenUntil: 0, foreverHiddenUntil: 0 };

  it('shows the promotion, the ad and the check-in at most once a day, and one marketing pop-up a start', () => {
    const promotionShown = { promotion: localDay(now) };
    expect(popupChain({ ...base, shownOn: promotionShown })).toEqual(['announcement', 'ad', 'checkin']);
    const allShown = { promotion: localDay(now), ad: localDay(now), checkin: localDay(now) };
    expect(popupChain({ ...base, shownOn: allShown })).toEqual(['announcement']);
    const tomorrow = new Date(2026, 10, 24, 9).getTime();
    expect(popupChain({ ...base, now: tomorrow, shownOn: allShown })).toEqual([
      'announcement',
      'promotion',
      'checkin',
    ]);
  });

  it('sells nothing to a VIP within a day of paying', () => {
    const paid = { level: 'E', vip: true, paid_at: Math.floor(now / 1000) - 3600 } as UserInfo;
    expect(popupChain({ ...base, userInfo: paid })).toEqual(['announcement', 'checkin']);
    const paidLongAgo = { ...paid, paid_at: Math.floor(now / 1000) - 2 * 86_400 };
    expect(popupChain({ ...base, userInfo: paidLongAgo })).toContain('promotion');
  });
});

describe('announcementLines', () => {
  it('turns escaped newlines into line breaks and keeps markup as text', () => {
    expect(announcementLines('a\\nb<br>c')).toBe('a\nb\nc');
    expect(announcementLines('<script>x</script>')).toBe('<script>x</script>');
  });

  it('lays the home bar out as one line, blank lines dropped, markup kept as text', () => {
    expect(newsLine(' first \\n\\n second<br/>third ')).toBe('first\u3000\u3000second\u3000\u3000third');
    expect(newsLine('\\n  \\n')).toBe('');
    expect(newsLine('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });

  it('shows the forever address after the ad when app info has one, until hidden for the day', () => {
    const withForever = { ...appInfo, forever_link: 'https://forever.example', forever_image: '' } as AppInfo;
    const base = { appInfo: withForever, userInfo, signinList, announcementHiddenUntil: 0 };
    expect(popupChain({ ...base, now: 1000, foreverHiddenUntil: 0 })).toEqual([
      'announcement',
      'promotion',
      'forever',
      'checkin',
    ]);
    expect(popupChain({ ...base, now: 1000, foreverHiddenUntil: 2000 })).not.toContain('forever');
    expect(popupChain({ ...base, now: 2000, foreverHiddenUntil: 2000 })).toContain('forever');
  });
});
