import { DEFAULT_PHONE_COUNTRY_CODE, PASSWORD_MIN_LENGTH } from './constants.ts';
import { isValidEmail } from './rules.ts';

/**
 * Account form rules of part 1 §5, free of any schema library so the web forms and the server
 * share them. Each failing rule names the message key the form shows.
 */

/** Wire form of a phone: country code without plus, a hyphen, the number (part 1 §5). */
export const PHONE_WIRE_PATTERN = /^[0-9]{1,4}-[0-9]{4,15}$/;

export type FieldCheck = { ok: true; value: string } | { ok: false; messageKey: string };

export function checkEmail(mail: string): FieldCheck {
  const value = mail.trim();
  if (value === '') return { ok: false, messageKey: 'mail_empty' };
  if (!isValidEmail(value)) return { ok: false, messageKey: 'mail_invalid' };
  return { ok: true, value };
}

/**
 * Phone as sent: "86-13800138000". For +886 the number's leading zeros are removed; for +86 an
 * empty number gives the generic error; a custom country code must be non-empty.
 */
export function checkPhone(countryCode: string, number: string): FieldCheck {
  const code = countryCode.trim().replace(/^\+/, '');
  let digits = number.trim();
  if (code === '') return { ok: false, messageKey: 'country_code_empty' };
  if (!/^[0-9]{1,4}$/.test(code)) return { ok: false, messageKey: 'country_code_invalid' };
  if (digits === '') {
    return { ok: false, messageKey: `+${code}` === DEFAULT_PHONE_COUNTRY_CODE ? 'error' : 'phone_empty' };
  }
  if (code === '886') digits = digits.replace(/^0+/, '');
  const value = `${code}-${digits}`;
  if (!PHONE_WIRE_PATTERN.test(value)) return { ok: false, messageKey: 'phone_invalid' };
  return { ok: true, value };
}

export function checkVerifyCode(code: string): FieldCheck {
  const value = code.trim();
  return value === '' ? { ok: false, messageKey: 'code_empty' } : { ok: true, value };
}

export function checkPassword(password: string): FieldCheck {
  if (password === '') return { ok: false, messageKey: 'password_empty' };
  if (password.length < PASSWORD_MIN_LENGTH) return { ok: false, messageKey: 'password_short' };
  return { ok: true, value: password };
}

/** Confirmation: non-empty and equal; `mismatchKey` is error_content2 on the reset form. */
export function checkConfirmation(
  password: string,
  confirmation: string,
  mismatchKey = 'password_mismatch',
): FieldCheck {
  if (confirmation === '') return { ok: false, messageKey: 'password_confirm_empty' };
  if (confirmation !== password) return { ok: false, messageKey: mismatchKey };
  return { ok: true, value: confirmation };
}

/** Change password: the old password is required and at least 6 characters (error_content8). */
export function checkOldPassword(password: string): FieldCheck {
  return password.length < PASSWORD_MIN_LENGTH
    ? { ok: false, messageKey: 'error_content8' }
    : { ok: true, value: password };
}

export function checkInviteCode(code: string): FieldCheck {
  const value = code.trim();
  return value === '' ? { ok: false, messageKey: 'invite_code_empty' } : { ok: true, value };
}
