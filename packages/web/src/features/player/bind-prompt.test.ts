import { describe, expect, it } from 'vitest';
import { bindPrompt } from './bind-prompt.ts';

const guest = { vip: false, email: '', phone: '' };

describe('bindPrompt', () => {
  it('offers the bind discount to a non-VIP guest only while the flag is set', () => {
    expect(bindPrompt({ userInfo: guest, discountFlag: true, vipReminded: false })).toBe('discount');
    expect(bindPrompt({ userInfo: guest, discountFlag: false, vipReminded: false })).toBeNull();
  });

  it('reminds a VIP guest once a session, whatever the flag', () => {
    const vip = { ...guest, vip: true };
    expect(bindPrompt({ userInfo: vip, discountFlag: false, vipReminded: false })).toBe('vip-expiry');
    expect(bindPrompt({ userInfo: vip, discountFlag: true, vipReminded: true })).toBeNull();
  });

  it('never asks a bound account, by e-mail or by phone', () => {
    for (const bound of [{ email: 'a@example.com' }, { phone: '0912345678' }]) {
      for (const vip of [false, true]) {
        const userInfo = { ...guest, ...bound, vip };
        expect(bindPrompt({ userInfo, discountFlag: true, vipReminded: false })).toBeNull();
      }
    }
  });
});
