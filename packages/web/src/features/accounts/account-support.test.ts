import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGE_KEYS } from '@app/contract/accounts';
import {
  checkConfirmation,
  checkEmail,
  checkInviteCode,
  checkOldPassword,
  checkPassword,
  checkPhone,
  checkVerifyCode,
} from '@app/contract/account-rules';
import { cn } from '../../app/i18n/cn.ts';
import { tw } from '../../app/i18n/tw.ts';
import { bindingChannels } from './binding-channels.ts';
import { readForgetVerifyState, readResetState, readSignInState } from './forget-flow.ts';
import { canEnterInviteCode } from './friend-entry.ts';

const binding = (email: boolean, phone: boolean, type: 'email' | 'phone' = 'email') => ({
  default: { type },
  email: { switch: email, countdown: 60 },
  phone: { switch: phone, countdown: 60 },
});

describe('binding channels', () => {
  it('offers both with the default first, one when only one is on, none when both are off', () => {
    expect(bindingChannels(binding(true, true))).toEqual(['mail', 'phone']);
    expect(bindingChannels(binding(true, true, 'phone'))).toEqual(['phone', 'mail']);
    expect(bindingChannels(binding(false, true))).toEqual(['phone']);
    expect(bindingChannels(binding(true, false, 'phone'))).toEqual(['mail']);
    expect(bindingChannels(binding(false, false))).toEqual([]);
  });
});

describe('invite-code entry', () => {
  it('is hidden for promoters and while share days is 0', () => {
    expect(canEnterInviteCode({ promoter: false }, { share: { days: 3 } })).toBe(true);
    expect(canEnterInviteCode({ promoter: true }, { share: { days: 3 } })).toBe(false);
    expect(canEnterInviteCode({ promoter: false }, { share: { days: 0 } })).toBe(false);
  });
});

describe('forgot-password steps', () => {
  it('take their account (and code) from history state, nothing from anything else', () => {
    expect(readForgetVerifyState({ account: { email: 'a@b.co' } })).toEqual({ account: { email: 'a@b.co' } });
    expect(readForgetVerifyState(null)).toBeNull();
    expect(readForgetVerifyState({ account: { email: 3 } })).toBeNull();
    expect(readResetState({ account: { phone: '86-13800138000' }, code: '123456' })).toEqual({
      account: { phone: '86-13800138000' },
      code: '123456',
    });
    expect(readResetState({ account: { phone: '86-13800138000' } })).toBeNull();
    expect(readSignInState('x')).toBeNull();
  });
});

describe('account messages in the catalogues', () => {
  const ruleKeys = [
    checkEmail(''),
    checkEmail('x'),
    checkPhone('', '1'),
    checkPhone('+x', '1'),
    checkPhone('+86', ''),
    checkPhone('+852', ''),
    checkPhone('+86', '1'),
    checkVerifyCode(''),
    checkPassword(''),
    checkPassword('1'),
    checkConfirmation('abcdef', ''),
    checkConfirmation('abcdef', 'x'),
    checkConfirmation('abcdef', 'x', 'error_content2'),
    checkOldPassword(''),
    checkInviteCode(''),
  ].map((check) => (check.ok ? 'ok' : check.messageKey));
  const pageKeys = [
    'invite_code_invalid',
    'share_code_error',
    'share_code_error1',
    'error_content4',
    'error_content5',
    'error_content6',
    'error_content7',
    'login_wait_minutes',
    'generic_error',
    'network_error',
  ];

  it('carry every form-rule key, every account status message and every fixed outcome, in cn and tw', () => {
    for (const key of [...ruleKeys, ...ACCOUNT_MESSAGE_KEYS, ...pageKeys]) {
      expect(Object.keys(cn), key).toContain(key);
      expect(Object.keys(tw), key).toContain(key);
    }
  });
});
