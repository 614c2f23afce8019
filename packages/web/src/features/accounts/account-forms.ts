import {
  checkConfirmation,
  checkEmail,
  checkInviteCode,
  checkOldPassword,
  checkPassword,
  checkPhone,
  checkVerifyCode,
  type FieldCheck,
} from '@app/contract/account-rules';
import { DEFAULT_PHONE_COUNTRY_CODE } from '@app/contract/constants';
import type { Channel } from './resend-countdown.ts';

/**
 * The account forms' fields (spec part 1 §3) and their §5 checks, in the order the fields appear,
 * so the first wrong field is the one the user is told about. Each check returns the request
 * fields or the message key to show.
 */
export interface AccountFormValues {
  mail: string;
  phoneCode: string;
  phoneNum: string;
  verifyCode: string;
  password: string;
  passwordCheck: string;
}

export const emptyAccountForm: AccountFormValues = {
  mail: '',
  phoneCode: DEFAULT_PHONE_COUNTRY_CODE,
  phoneNum: '',
  verifyCode: '',
  password: '',
  passwordCheck: '',
};

/** Every account call names its account by exactly one of these (contract: accounts). */
export type Identity = { email: string } | { phone: string };

export type FormCheck<T> = { ok: true; value: T } | { ok: false; messageKey: string };

const failed = (check: FieldCheck): FormCheck<never> => check as { ok: false; messageKey: string };

export function checkIdentity(channel: Channel, values: AccountFormValues): FormCheck<Identity> {
  if (channel === 'mail') {
    const mail = checkEmail(values.mail);
    return mail.ok ? { ok: true, value: { email: mail.value } } : failed(mail);
  }
  const phone = checkPhone(values.phoneCode, values.phoneNum);
  return phone.ok ? { ok: true, value: { phone: phone.value } } : failed(phone);
}

/** Sign-in: the account and a password of at least 6 characters. */
export function checkSignIn(
  channel: Channel,
  values: AccountFormValues,
): FormCheck<Identity & { password: string }> {
  const identity = checkIdentity(channel, values);
  if (!identity.ok) return identity;
  const password = checkPassword(values.password);
  if (!password.ok) return failed(password);
  return { ok: true, value: { ...identity.value, password: password.value } };
}

/** Sign-up (binding): account, code, password, confirmation. */
export function checkSignUp(
  channel: Channel,
  values: AccountFormValues,
): FormCheck<Identity & { code: string; password: string }> {
  const identity = checkIdentity(channel, values);
  if (!identity.ok) return identity;
  const code = checkVerifyCode(values.verifyCode);
  if (!code.ok) return failed(code);
  const password = checkNewPassword(values.password, values.passwordCheck);
  if (!password.ok) return password;
  return { ok: true, value: { ...identity.value, code: code.value, password: password.value } };
}

/** Change of binding, step 2: the new account and its code. */
export function checkChangeBind(
  channel: Channel,
  values: AccountFormValues,
): FormCheck<Identity & { code: string }> {
  const identity = checkIdentity(channel, values);
  if (!identity.ok) return identity;
  const code = checkVerifyCode(values.verifyCode);
  if (!code.ok) return failed(code);
  return { ok: true, value: { ...identity.value, code: code.value } };
}

/**
 * A new password and its confirmation. The reset form reports a mismatch as error_content2
 * (spec part 1 §5); the other forms use their own mismatch text.
 */
export function checkNewPassword(
  password: string,
  confirmation: string,
  mismatchKey?: string,
): FormCheck<string> {
  const first = checkPassword(password);
  if (!first.ok) return failed(first);
  const second = checkConfirmation(password, confirmation, mismatchKey);
  if (!second.ok) return failed(second);
  return { ok: true, value: first.value };
}

export function checkReset(password: string, confirmation: string): FormCheck<string> {
  return checkNewPassword(password, confirmation, 'error_content2');
}

/** Change password: old (required, ≥ 6: error_content8), then the new one and its confirmation. */
export function checkChangePassword(
  oldPassword: string,
  password: string,
  confirmation: string,
): FormCheck<{ origin_password: string; new_password: string }> {
  const old = checkOldPassword(oldPassword);
  if (!old.ok) return failed(old);
  const next = checkNewPassword(password, confirmation);
  if (!next.ok) return next;
  return { ok: true, value: { origin_password: old.value, new_password: next.value } };
}

export function checkFriendCode(code: string): FormCheck<string> {
  const invite = checkInviteCode(code);
  return invite.ok ? { ok: true, value: invite.value } : failed(invite);
}

/** A wire phone ("886-912345678") as people read it: "+886 912345678". */
export function displayIdentity(identity: Identity): string {
  if ('email' in identity) return identity.email;
  const [code, number] = identity.phone.split('-');
  return number === undefined ? identity.phone : `+${code} ${number}`;
}

/** The bound mail or phone of user info as people read it, or '' for a guest. */
export function boundAccount(userInfo: { email: string; phone: string }): string {
  if (userInfo.email) return displayIdentity({ email: userInfo.email });
  if (userInfo.phone) return displayIdentity({ phone: userInfo.phone });
  return '';
}

/** The form fields that show a known account again (sign-in after a reset). */
export function formFromIdentity(identity: Identity): Partial<AccountFormValues> {
  if ('email' in identity) return { mail: identity.email };
  const [code = '', number = ''] = identity.phone.split('-');
  return { phoneCode: `+${code}`, phoneNum: number };
}

/** Which channel an identity belongs to. */
export function channelOf(identity: Identity): Channel {
  return 'email' in identity ? 'mail' : 'phone';
}
