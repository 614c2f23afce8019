import { describe, expect, it } from 'vitest';
import { looksLikeKey, outcomeOf } from './outcomes.ts';

const server = (fallback = 'generic_error') => ({ ok: false, shown: { server: true, fallback } });

describe('account outcomes (§8)', () => {
  it('sign-in: 200 done, anything else the server message', () => {
    expect(outcomeOf('signIn', 200)).toEqual({ ok: true });
    expect(outcomeOf('signIn', 403)).toEqual(server());
    expect(outcomeOf('signIn', 401)).toEqual(server());
  });

  it('send code: 403 also reloads app info; 413/414 fall back to error_content6', () => {
    expect(outcomeOf('sendCode', 200)).toEqual({ ok: true });
    for (const code of [401, 402, 411]) expect(outcomeOf('sendCode', code)).toEqual(server());
    expect(outcomeOf('sendCode', 403)).toEqual(server());
    expect(outcomeOf('sendCode', 413)).toEqual(server('error_content6'));
    expect(outcomeOf('sendCode', 414)).toEqual(server('error_content6'));
  });

  it('sign-up: 200 or 201 done; 401, 402, 410, 411, 412 the server message', () => {
    expect(outcomeOf('signUp', 200)).toEqual({ ok: true });
    expect(outcomeOf('signUp', 201)).toEqual({ ok: true });
    for (const code of [401, 402, 410, 411, 412]) expect(outcomeOf('signUp', code)).toEqual(server());
  });

  it('forget send: the server message on 401, 403, 411, 501', () => {
    expect(outcomeOf('forgetSend', 200)).toEqual({ ok: true });
    for (const code of [401, 403, 411, 501]) expect(outcomeOf('forgetSend', code)).toEqual(server());
  });

  it('reset and its code check: 410 error_content4, 411/412 error_content7, 401/501 server message', () => {
    expect(outcomeOf('reset', 201)).toEqual({ ok: true });
    expect(outcomeOf('resetCheck', 200)).toEqual({ ok: true });
    for (const call of ['reset', 'resetCheck'] as const) {
      expect(outcomeOf(call, 410)).toEqual({ ok: false, shown: { key: 'error_content4' } });
      expect(outcomeOf(call, 411)).toEqual({ ok: false, shown: { key: 'error_content7' } });
      expect(outcomeOf(call, 412)).toEqual({ ok: false, shown: { key: 'error_content7' } });
      expect(outcomeOf(call, 401)).toEqual(server());
      expect(outcomeOf(call, 501)).toEqual(server());
    }
  });

  it('check password: 404 the message or error_content5', () => {
    expect(outcomeOf('checkPassword', 200)).toEqual({ ok: true });
    expect(outcomeOf('checkPassword', 404)).toEqual(server('error_content5'));
  });

  it('change password: 404 the server message', () => {
    expect(outcomeOf('changePassword', 200)).toEqual({ ok: true });
    expect(outcomeOf('changePassword', 404)).toEqual(server());
  });

  it('invite: 401 invalid code, 402 share_code_error, 403 share_code_error1', () => {
    expect(outcomeOf('invite', 200)).toEqual({ ok: true });
    expect(outcomeOf('invite', 401)).toEqual({ ok: false, shown: { key: 'invite_code_invalid' } });
    expect(outcomeOf('invite', 402)).toEqual({ ok: false, shown: { key: 'share_code_error' } });
    expect(outcomeOf('invite', 403)).toEqual({ ok: false, shown: { key: 'share_code_error1' } });
    expect(outcomeOf('invite', 500)).toEqual(server());
  });
});

describe('codes the shell answers', () => {
  it('show nothing on the page for an ended session or a blocked region', () => {
    for (const code of [497, 498, 499, 481]) {
      expect(outcomeOf('signUp', code)).toEqual({ ok: false, shown: null });
      expect(outcomeOf('invite', code)).toEqual({ ok: false, shown: null });
    }
  });
});

describe('looksLikeKey', () => {
  it('tells message keys from text meant for people', () => {
    expect(looksLikeKey('account_not_exist')).toBe(true);
    expect(looksLikeKey('invalid_input: mail')).toBe(true);
    expect(looksLikeKey('error_content6')).toBe(true);
    expect(looksLikeKey('请先完成支付')).toBe(false);
    expect(looksLikeKey('Order 12 is not paid.')).toBe(false);
  });
});
