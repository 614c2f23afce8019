import { describe, expect, it } from 'vitest';
import { adTarget } from './ad-link.ts';

describe('adTarget', () => {
  it('maps every link value of the spec', () => {
    expect(adTarget('share', 'B')).toEqual({ kind: 'route', path: '/member/share' });
    expect(adTarget('vip', 'B')).toEqual({ kind: 'route', path: '/member/payment?source=ad' });
    expect(adTarget('newvip', 'C')).toEqual({ kind: 'route', path: '/member/paymentSale/C?source=ad' });
    expect(adTarget('email', 'B')).toEqual({ kind: 'mail' });
    expect(adTarget('https://example.com/x', 'B')).toEqual({
      kind: 'external',
      url: 'https://example.com/x',
    });
  });

  it('gives no link for false, tea (out of scope) and anything that is not an address', () => {
    for (const link of ['false', 'tea', '', 'javascript:alert(1)'])
      expect(adTarget(link, 'A')).toEqual({ kind: 'none' });
  });
});
