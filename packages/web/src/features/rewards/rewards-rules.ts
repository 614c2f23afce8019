import type { ExchangeOption } from '@app/contract';
import {
  ACTIVITY_CODE_MAX_LENGTH,
  APPEAL_IMAGE_MAX_BYTES,
  APPEAL_IMAGE_TYPES,
  EXPIRY_WARNING_DAYS,
} from '@app/contract/constants';
import { isValidEmail } from '@app/contract/rules';
import { sessionEndedCodes, Status, type StatusCode } from '@app/contract/status-codes';

/**
 * The rules of the reward pages (part 2 §4, §5, §8) as plain functions: what a tap selects, what a
 * typed value or a chosen file is worth sending, and what each reply means for the user.
 */

// ── Points exchange ──────────────────────────────────────────────────────────

/** An option is selected by tapping it and deselected by tapping it again (§2.6). Options are named by their cost. */
export function toggleOption(selected: number | null, point: number): number | null {
  return selected === point ? null : point;
}

export type ExchangeCheck =
  | { ok: true; option: ExchangeOption }
  | { ok: false; reason: 'none_selected' | 'not_enough'; option?: ExchangeOption };

/** §4: nothing selected → the none-selected dialog; points below the option's cost → the upgrade dialog. */
export function checkExchange(
  options: readonly ExchangeOption[],
  selected: number | null,
  points: number,
): ExchangeCheck {
  const option = options.find((candidate) => candidate.point === selected);
  if (!option) return { ok: false, reason: 'none_selected' };
  if (points < option.point) return { ok: false, reason: 'not_enough', option };
  return { ok: true, option };
}

/** Points still missing for an option (0 when the balance covers it). */
export function pointsShort(points: number, option: Pick<ExchangeOption, 'point'>): number {
  return Math.max(0, option.point - points);
}

/** What an answer means on the reward pages; `shell` is an ended session or a blocked region, which the shell tells. */
const shellTells = (code: number) =>
  sessionEndedCodes.includes(code as StatusCode) || code === Status.regionBlocked;

export type ExchangeOutcome = 'done' | 'not_enough' | 'abnormal' | 'option_gone' | 'shell' | 'failed';

/**
 * §8: 200 done; 401 or 402 not enough points (upgrade → payment); 403 points source abnormal. A 401
 * naming an option the server no longer has (the list changed while the page was open) is told as
 * such, since buying VIP would not explain it.
 */
export function exchangeOutcome(code: number, message: string): ExchangeOutcome {
  if (code === Status.ok) return 'done';
  if (shellTells(code)) return 'shell';
  if (code === Status.invalid && message === 'exchange_option_unknown') return 'option_gone';
  if (code === Status.invalid || code === Status.conflict) return 'not_enough';
  if (code === Status.refused) return 'abnormal';
  return 'failed';
}

// ── Activity codes ───────────────────────────────────────────────────────────

export type ActivityCodeCheck = { ok: true; code: string } | { ok: false };

/**
 * §5: an empty code (or one that cannot be a code: letters and digits, at most 6) gets the generic
 * error dialog without a call. Codes match in any case; they are sent upper-cased.
 */
export function checkActivityCode(typed: string): ActivityCodeCheck {
  const code = typed.trim().toUpperCase();
  if (code === '' || code.length > ACTIVITY_CODE_MAX_LENGTH || !/^[A-Z0-9]+$/.test(code))
    return { ok: false };
  return { ok: true, code };
}

/** What the field keeps while typing: letters and digits only, upper-cased, at most 6. */
export function typedActivityCode(value: string): string {
  return value
    .replace(/[^A-Za-z0-9]/g, '')
    .toUpperCase()
    .slice(0, ACTIVITY_CODE_MAX_LENGTH);
}

export type ActivityOutcome = 'done' | 'shell' | 'failed';

/** §8: any code other than 200 is the exchange-failed dialog asking to redeem again. */
export function activityOutcome(code: number): ActivityOutcome {
  if (code === Status.ok) return 'done';
  return shellTells(code) ? 'shell' : 'failed';
}

// ── Appeals ──────────────────────────────────────────────────────────────────

export type Problem = { ok: true } | { ok: false; messageKey: string };

/**
 * §5: an image over 5 MB (5242880 bytes) is refused when chosen and the input cleared. A type the
 * browser names and the server will not take (HEIC, GIF…) is refused the same way; a file without a
 * type is left to the server, which reads the content.
 */
export function checkAppealImage(file: { size: number; type: string }): Problem {
  if (file.size > APPEAL_IMAGE_MAX_BYTES) return { ok: false, messageKey: 'appeal_image_too_large' };
  if (file.size === 0) return { ok: false, messageKey: 'appeal_image_empty' };
  if (file.type !== '' && !(APPEAL_IMAGE_TYPES as readonly string[]).includes(file.type))
    return { ok: false, messageKey: 'appeal_image_type' };
  return { ok: true };
}

/** §5: the contact e-mail first, then the payment-success screenshot. */
export function checkAppeal(email: string, image: { size: number; type: string } | null): Problem {
  if (email.trim() === '') return { ok: false, messageKey: 'appeal_mail_empty' };
  if (!isValidEmail(email)) return { ok: false, messageKey: 'appeal_mail_invalid' };
  if (!image) return { ok: false, messageKey: 'appeal_image_empty' };
  return checkAppealImage(image);
}

export type AppealOutcome = 'sent_vip' | 'sent' | 'shell' | 'failed';

/** §8: sent with the day of VIP, sent without it, or the error reminder. */
export function appealOutcome(
  code: number,
  result: { success?: boolean; vip?: boolean } | null,
): AppealOutcome {
  if (code === Status.ok && result?.success) return result.vip ? 'sent_vip' : 'sent';
  return shellTells(code) ? 'shell' : 'failed';
}

// ── Discount tickets ─────────────────────────────────────────────────────────

const DAY_S = 24 * 60 * 60;

/** A ticket ending within the expiry warning window (3 days) is marked as expiring soon. */
export function ticketExpiresSoon(expireTime: number, nowSeconds: number): boolean {
  return expireTime - nowSeconds < EXPIRY_WARNING_DAYS * DAY_S;
}

/** Yuan without trailing zeros: 5 → "5", 9.9 → "9.9", 0.5 → "0.5". */
export function yuan(amount: number): string {
  return String(Math.round(amount * 100) / 100);
}
