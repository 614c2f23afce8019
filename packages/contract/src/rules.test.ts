import { describe, expect, it } from 'vitest';
import {
  chooseStreamLine,
  formatDate,
  formatDuration,
  formatPlayCount,
  formatViews,
  hasMorePages,
  isNewerVersion,
  isValidEmail,
  playPath,
  promotionLevel,
  promotionPopupDue,
  promotionTarget,
} from './rules.ts';

describe('formatPlayCount', () => {
  it('shows raw counts under ten thousand and wan units with one decimal above', () => {
    expect(formatPlayCount(9999)).toBe('9999');
    expect(formatPlayCount(10_000)).toBe('1.0w');
    expect(formatPlayCount(123_456)).toBe('12.3w');
  });
  it('caps at 9999 wan', () => {
    expect(formatPlayCount(5_000_000_000)).toBe('9999.0w');
  });
});

describe('formatViews', () => {
  it('shows used/total, and infinity for VIP', () => {
    expect(formatViews([3, 10])).toBe('3/10');
    expect(formatViews([3, -1])).toBe('∞');
  });
});

describe('chooseStreamLine', () => {
  const abroad = { url: 'a', vip: false, name: 'abroad' };
  const domestic = { url: 'b', vip: true, name: 'domestic 1' };
  it('gives VIP the fastest line', () => {
    expect(chooseStreamLine([domestic, abroad], true, true)).toBe(domestic);
  });
  it('gives non-VIP the fastest no-VIP line when locked, else the fastest', () => {
    expect(chooseStreamLine([domestic, abroad], false, true)).toBe(abroad);
    expect(chooseStreamLine([domestic, abroad], false, false)).toBe(domestic);
  });
});

describe('isValidEmail', () => {
  it('accepts a plain address and refuses malformed ones', () => {
    expect(isValidEmail('viewer.one+x@example.com')).toBe(true);
    expect(isValidEmail('no-at-sign.example.com')).toBe(false);
    expect(isValidEmail('a@b.toolongtld')).toBe(false);
  });
});

describe('promotionLevel', () => {
  const base = { paidOrders: 0, vipActive: false, vipEndedDaysAgo: null, accountAgeDays: 1 };
  it('splits never-paid accounts by age', () => {
    expect(promotionLevel(base)).toBe('A');
    expect(promotionLevel({ ...base, accountAgeDays: 5, vipActive: true })).toBe('B');
  });
  it('follows the purchase history of payers', () => {
    expect(promotionLevel({ ...base, paidOrders: 1, vipActive: true })).toBe('E');
    expect(promotionLevel({ ...base, paidOrders: 1, vipEndedDaysAgo: 10 })).toBe('C');
    expect(promotionLevel({ ...base, paidOrders: 3, vipEndedDaysAgo: 10 })).toBe('D');
    expect(promotionLevel({ ...base, paidOrders: 3, vipEndedDaysAgo: 91 })).toBe('F');
  });
});

describe('isNewerVersion', () => {
  it('compares dotted versions number by number', () => {
    expect(isNewerVersion('1.0.71', '1.0.70')).toBe(true);
    expect(isNewerVersion('1.0.70', '1.0.70')).toBe(false);
    expect(isNewerVersion('1.0.9', '1.0.70')).toBe(false);
    expect(isNewerVersion('1.1', '1.0.70')).toBe(true);
  });
});

describe('formatDate', () => {
  it('shows yyyy/mm/dd with zero padding', () => {
    const seconds = new Date(2026, 0, 5, 12).getTime() / 1000;
    expect(formatDate(seconds)).toBe('2026/01/05');
  });
});

describe('promotionTarget', () => {
  it('leads to the sale page of the level when member levels are on', () => {
    expect(promotionTarget(true, 'C', 'promo_button')).toBe('/member/paymentSale/C?source=promo_button');
  });
  it('leads to the regular plans when member levels are off', () => {
    expect(promotionTarget(false, 'C', 'promo_button')).toBe('/member/payment?source=promo_button');
  });
});

describe('hasMorePages', () => {
  it('loads another page while page × size is below the total', () => {
    expect(hasMorePages(1, 24, 25)).toBe(true);
    expect(hasMorePages(1, 24, 24)).toBe(false);
    expect(hasMorePages(2, 24, 48)).toBe(false);
    expect(hasMorePages(1, 24, 0)).toBe(false);
  });
});

describe('playPath', () => {
  it('opens long videos in lPlay and short and original ones in sPlay with their type', () => {
    expect(playPath({ video_id: 'ab-1', video_type: 'long' })).toBe('/long/play/ab-1');
    expect(playPath({ video_id: 'cd_2', video_type: 'original' })).toBe(
      '/short/play/cd_2?video_type=original',
    );
  });
});

describe('formatDuration', () => {
  it('writes minutes and seconds, and hours from an hour up', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3600 + 62)).toBe('1:01:02');
  });
});

describe('promotionPopupDue', () => {
  it('shows levels A to D every n-th event', () => {
    expect([1, 2, 3, 4, 5, 6].map((count) => promotionPopupDue('B', count, 3))).toEqual([
      false,
      false,
      true,
      false,
      false,
      true,
    ]);
  });
  it('shows levels E and F only exactly on the n-th event', () => {
    expect([2, 3, 6].map((count) => promotionPopupDue('E', count, 3))).toEqual([false, true, false]);
    expect(promotionPopupDue('F', 3, 3)).toBe(true);
  });
  it('is off when n is 0', () => {
    expect(promotionPopupDue('A', 3, 0)).toBe(false);
  });
});
