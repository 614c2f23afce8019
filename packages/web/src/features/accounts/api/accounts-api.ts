import type { CodeSent, Platform, TokenReply } from '@app/contract';
import { FAST_CODE_HEADER } from '@app/contract/wire';
import { request, type Envelope } from '../../../app/api/client.ts';
import type { Identity } from '../account-forms.ts';

/**
 * The account calls of spec part 1 §7, one function each. They resolve with the reply envelope
 * whatever its code (the pages decide by §8 what a code means) and reject only when no line
 * answered.
 */
export function signIn(
  identity: Identity,
  password: string,
  platform: Platform,
  launchCode: string | null,
): Promise<Envelope<TokenReply>> {
  return request('/v1/login/phone', {
    form: { ...identity, password, platform },
    // The installation's launch code moves to the signed-in account (DECISIONS: launch codes).
    headers: launchCode ? { [FAST_CODE_HEADER]: launchCode } : undefined,
  });
}

export function sendSignUpCode(identity: Identity): Promise<Envelope<CodeSent | null>> {
  return request('/v1/register/verify', { form: { ...identity } });
}

export function bindAccount(
  identity: Identity,
  code: string,
  password: string,
  platform: Platform,
): Promise<Envelope<TokenReply | null>> {
  return request('/v1/register/binding', { form: { ...identity, code, password, platform } });
}

export function sendForgetCode(identity: Identity): Promise<Envelope<CodeSent | null>> {
  return request('/v1/user/pwd/forget', { form: { ...identity } });
}

/** Without a new password the reset only checks the code: the forgot flow's verify-identity step. */
export function checkResetCode(identity: Identity, code: string): Promise<Envelope<null>> {
  return request('/v1/user/pwd/reset', { form: { ...identity, code } });
}

export function resetPassword(identity: Identity, code: string, pass: string): Promise<Envelope<null>> {
  return request('/v1/user/pwd/reset', { form: { ...identity, code, pass } });
}

export function checkPassword(password: string): Promise<Envelope<null>> {
  return request('/v1/user/checkpwd', { form: { password } });
}

export function sendChangeBindCode(identity: Identity): Promise<Envelope<CodeSent | null>> {
  return request('/v1/user/changereg/verify', { form: { ...identity } });
}

export function changeBind(identity: Identity, code: string): Promise<Envelope<null>> {
  return request('/v1/user/changereg/binding', { form: { ...identity, code } });
}

export function changePassword(body: {
  account: string;
  origin_password: string;
  new_password: string;
}): Promise<Envelope<null>> {
  return request('/v1/user/changpwd', { form: body });
}

export function enterInviteCode(code: string): Promise<Envelope<null>> {
  return request('/v1/user/invite', { form: { code } });
}
