import { describe, expect, it } from 'vitest';
import { APP_NAVIGATIONS, navigationPattern } from './route-table.ts';

/** Whether the service worker answers a navigation to `address` (path and query) with the app. */
const servedByApp = (address: string) => APP_NAVIGATIONS.some((pattern) => pattern.test(address));

describe('the navigations the service worker answers with the app', () => {
  it.each([
    '/',
    '/long',
    '/long?code=abc&utm_source=x',
    '/long/',
    '/short/play/v123',
    '/long/play/v123?video_title=x',
    '/search/%E6%99%A8%E9%97%B4',
    '/category/12/more',
    '/member',
    '/member?paid=T2026',
    '/member/payment?source=promo',
    '/member/paymentSale/a',
    '/member/appeal',
    '/Member/Appeal',
  ])('app route %s', (address) => expect(servedByApp(address)).toBe(true));

  it.each([
    '/dev/outbox',
    '/dev/outbox.json?to=a@b.c',
    '/sandbox-pay/submit.php?pid=1&sign=x',
    '/pay/notify',
    '/admin',
    '/admin/orders',
    '/jump?utm_source=x',
    '/v1/user/info',
    '/hls/v1/240.m3u8',
    '/img/cover.jpg',
    '/host_pwa.txt',
    '/longer',
    '/members',
    '/member/payment/extra',
    '/category/12/more/x',
    // The filter-list pages were removed (docs/decisions.md): the home's menu tabs are those lists.
    '/long/ranking/3',
  ])('server address %s', (address) => expect(servedByApp(address)).toBe(false));

  it('a parameter is one path segment', () => {
    const pattern = navigationPattern('/actor/:actorid');
    expect(pattern.test('/actor/7')).toBe(true);
    expect(pattern.test('/actor/')).toBe(false);
    expect(pattern.test('/actor/7/8')).toBe(false);
  });
});
