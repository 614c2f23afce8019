import type { UserInfo } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { localDay } from './popup-cadence.ts';
import { expirySoon, reminders } from './reminders.ts';

const now = Date.UTC(2026, 10, 23);
const hour = 3600;
const guest = { email: '', phone: '', expiry: 0, vip: false } as UserInfo;
const base = { now, pathname: '/long', expiryDeferred: false, isPhone: true, standalone: false };

describe('expirySoon', () => {
  it('is true only for an expiry in the future and under 3 days away', () => {
    expect(expirySoon(now / 1000 + 71 * hour, now)).toBe(true);
    expect(expirySoon(now / 1000 + 73 * hour, now)).toBe(false);
    expect(expirySoon(now / 1000 - hour, now)).toBe(false);
  });
});

describe('reminders', () => {
  it('reminds a guest on a phone to bind and to install', () => {
    expect(reminders({ ...base, userInfo: guest })).toEqual(['bind', 'install']);
  });

  it('warns of a near expiry until "Next time" is chosen, and never on player pages', () => {
    const vip = { ...guest, email: 'a@b.cc', vip: true, expiry: now / 1000 + 24 * hour };
    expect(reminders({ ...base, userInfo: vip })).toEqual(['expiry']);
    expect(reminders({ ...base, userInfo: vip, expiryDeferred: true })).toEqual([]);
    expect(reminders({ ...base, userInfo: vip, pathname: '/long/play/l0001' })).toEqual([]);
  });

  it('does not offer the install to standalone launches, desktops or on player pages', () => {
    expect(reminders({ ...base, userInfo: guest, standalone: true })).toEqual(['bind']);
    expect(reminders({ ...base, userInfo: guest, isPhone: false })).toEqual(['bind']);
    expect(reminders({ ...base, userInfo: guest, pathname: '/short/play/s1' })).toEqual(['bind']);
  });

  it('reminds of binding and installing at most once a day ("以后再说" holds until tomorrow)', () => {
    const today = { bind: localDay(now), install: localDay(now) };
    expect(reminders({ ...base, userInfo: guest, shownOn: today })).toEqual([]);
    expect(reminders({ ...base, now: now + 86_400_000, userInfo: guest, shownOn: today })).toEqual([
      'bind',
      'install',
    ]);
  });

  it('does not offer a renewal to a VIP who paid in the last day', () => {
    const paid = {
      ...guest,
      email: 'a@b.cc',
      vip: true,
      expiry: now / 1000 + 24 * hour,
      paid_at: now / 1000 - hour,
    };
    expect(reminders({ ...base, userInfo: paid })).toEqual([]);
  });
});
