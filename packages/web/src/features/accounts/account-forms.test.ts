import { describe, expect, it } from 'vitest';
import {
  boundAccount,
  channelOf,
  checkChangeBind,
  checkChangePassword,
  checkFriendCode,
  checkIdentity,
  checkReset,
  checkSignIn,
  checkSignUp,
  displayIdentity,
  emptyAccountForm,
  formFromIdentity,
  type AccountFormValues,
} from './account-forms.ts';

const form = (values: Partial<AccountFormValues>): AccountFormValues => ({ ...emptyAccountForm, ...values });
const keyOf = (check: { ok: boolean; messageKey?: string }) => (check.ok ? 'ok' : check.messageKey);

describe('account identity (§5)', () => {
  it('starts with +86 and empty fields', () => {
    expect(emptyAccountForm.phoneCode).toBe('+86');
  });

  it('checks mail: empty, invalid, then the trimmed address', () => {
    expect(keyOf(checkIdentity('mail', form({ mail: '' })))).toBe('mail_empty');
    expect(keyOf(checkIdentity('mail', form({ mail: '  ' })))).toBe('mail_empty');
    expect(keyOf(checkIdentity('mail', form({ mail: 'a@b' })))).toBe('mail_invalid');
    expect(keyOf(checkIdentity('mail', form({ mail: 'a@b.abcde' })))).toBe('mail_invalid');
    expect(checkIdentity('mail', form({ mail: ' Ann.Lee+tv@mail.example.com ' }))).toEqual({
      ok: true,
      value: { email: 'Ann.Lee+tv@mail.example.com' },
    });
  });

  it('checks phone: country code, number, +886 leading zeros, wire form without plus', () => {
    expect(keyOf(checkIdentity('phone', form({ phoneCode: '', phoneNum: '912345678' })))).toBe(
      'country_code_empty',
    );
    // +86 with an empty number is the generic error; other codes say the number is missing.
    expect(keyOf(checkIdentity('phone', form({ phoneCode: '+86', phoneNum: '' })))).toBe('error');
    expect(keyOf(checkIdentity('phone', form({ phoneCode: '+852', phoneNum: '' })))).toBe('phone_empty');
    expect(checkIdentity('phone', form({ phoneCode: '+886', phoneNum: '0912345678' }))).toEqual({
      ok: true,
      value: { phone: '886-912345678' },
    });
    expect(checkIdentity('phone', form({ phoneCode: '+86', phoneNum: '13800138000' }))).toEqual({
      ok: true,
      value: { phone: '86-13800138000' },
    });
    expect(checkIdentity('phone', form({ phoneCode: '+1', phoneNum: '2025550123' }))).toEqual({
      ok: true,
      value: { phone: '1-2025550123' },
    });
    expect(keyOf(checkIdentity('phone', form({ phoneCode: '+86', phoneNum: '12' })))).toBe('phone_invalid');
  });
});

describe('form checks in field order', () => {
  const mail = 'ann@example.com';

  it('sign-in: account, then a password of at least 6', () => {
    expect(keyOf(checkSignIn('mail', form({ mail: '', password: '' })))).toBe('mail_empty');
    expect(keyOf(checkSignIn('mail', form({ mail, password: '' })))).toBe('password_empty');
    expect(keyOf(checkSignIn('mail', form({ mail, password: '12345' })))).toBe('password_short');
    expect(checkSignIn('mail', form({ mail, password: '123456' }))).toEqual({
      ok: true,
      value: { email: mail, password: '123456' },
    });
  });

  it('sign-up: account, code, password, confirmation', () => {
    const base = { mail, verifyCode: '123456', password: 'secret1', passwordCheck: 'secret1' };
    expect(keyOf(checkSignUp('mail', form({ ...base, verifyCode: ' ' })))).toBe('code_empty');
    expect(keyOf(checkSignUp('mail', form({ ...base, password: '123' })))).toBe('password_short');
    expect(keyOf(checkSignUp('mail', form({ ...base, passwordCheck: '' })))).toBe('password_confirm_empty');
    expect(keyOf(checkSignUp('mail', form({ ...base, passwordCheck: 'secret2' })))).toBe('password_mismatch');
    expect(checkSignUp('mail', form(base))).toEqual({
      ok: true,
      value: { email: mail, code: '123456', password: 'secret1' },
    });
    expect(
      checkSignUp('phone', form({ ...base, phoneCode: '+886', phoneNum: '0912000111', mail: '' })),
    ).toEqual({ ok: true, value: { phone: '886-912000111', code: '123456', password: 'secret1' } });
  });

  it('reset: a mismatch is error_content2', () => {
    expect(keyOf(checkReset('secret1', 'secret2'))).toBe('error_content2');
    expect(keyOf(checkReset('123', '123'))).toBe('password_short');
    expect(keyOf(checkReset('secret1', ''))).toBe('password_confirm_empty');
    expect(checkReset('secret1', 'secret1')).toEqual({ ok: true, value: 'secret1' });
  });

  it('change password: old password under 6 is error_content8, then the new one', () => {
    expect(keyOf(checkChangePassword('', 'secret1', 'secret1'))).toBe('error_content8');
    expect(keyOf(checkChangePassword('12345', 'secret1', 'secret1'))).toBe('error_content8');
    expect(keyOf(checkChangePassword('oldpass', '123', '123'))).toBe('password_short');
    expect(keyOf(checkChangePassword('oldpass', 'secret1', 'secret2'))).toBe('password_mismatch');
    expect(checkChangePassword('oldpass', 'secret1', 'secret1')).toEqual({
      ok: true,
      value: { origin_password: 'oldpass', new_password: 'secret1' },
    });
  });

  it('change bind: new account, then code', () => {
    expect(keyOf(checkChangeBind('phone', form({ phoneNum: '' })))).toBe('error');
    expect(keyOf(checkChangeBind('mail', form({ mail, verifyCode: '' })))).toBe('code_empty');
    expect(checkChangeBind('mail', form({ mail, verifyCode: '000111' }))).toEqual({
      ok: true,
      value: { email: mail, code: '000111' },
    });
  });

  it('invite code: required', () => {
    expect(keyOf(checkFriendCode('  '))).toBe('invite_code_empty');
    expect(checkFriendCode(' AB12CD ')).toEqual({ ok: true, value: 'AB12CD' });
  });
});

describe('showing accounts', () => {
  it('writes a wire phone with its plus and reads it back into the form', () => {
    expect(displayIdentity({ phone: '886-912345678' })).toBe('+886 912345678');
    expect(displayIdentity({ email: 'a@b.co' })).toBe('a@b.co');
    expect(formFromIdentity({ phone: '852-61234567' })).toEqual({ phoneCode: '+852', phoneNum: '61234567' });
    expect(formFromIdentity({ email: 'a@b.co' })).toEqual({ mail: 'a@b.co' });
    expect(channelOf({ phone: '86-13800138000' })).toBe('phone');
    expect(channelOf({ email: 'a@b.co' })).toBe('mail');
  });

  it('names the bound account of user info, mail first, nothing for a guest', () => {
    expect(boundAccount({ email: 'a@b.co', phone: '' })).toBe('a@b.co');
    expect(boundAccount({ email: '', phone: '86-13800138000' })).toBe('+86 13800138000');
    expect(boundAccount({ email: '', phone: '' })).toBe('');
  });
});
