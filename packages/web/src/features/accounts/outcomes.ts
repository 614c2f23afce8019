import { Status, sessionEndedCodes, type StatusCode } from '@app/contract/status-codes';

/**
 * What the account pages do with each reply (spec part 1 §8). A failure shows either a fixed
 * message key, or the server's `status.message` with a fallback key for when the server's text is
 * not one the catalogue knows.
 */
export type AccountCall =
  | 'signIn'
  | 'sendCode'
  | 'signUp'
  | 'forgetSend'
  | 'resetCheck'
  | 'reset'
  | 'checkPassword'
  | 'changeBind'
  | 'changePassword'
  | 'invite';

export type Shown = { key: string } | { server: true; fallback: string };

export type Outcome =
  | { ok: true }
  | {
      ok: false;
      /** Nothing when the shell already answers the code (relogin prompt, location error). */
      shown: Shown | null;
    };

const GENERIC = 'generic_error';
const server = (fallback = GENERIC): Shown => ({ server: true, fallback });

/** Codes that count as done; the reset answers 201 when it set the password, 200 when it only checked. */
const DONE: Record<AccountCall, readonly number[]> = {
  signIn: [Status.ok],
  sendCode: [Status.ok],
  signUp: [Status.ok, Status.created],
  forgetSend: [Status.ok],
  resetCheck: [Status.ok],
  reset: [Status.created, Status.ok],
  checkPassword: [Status.ok],
  changeBind: [Status.ok, Status.created],
  changePassword: [Status.ok, Status.created],
  invite: [Status.ok, Status.created],
};

/** The code checks of the reset: expired → error_content4, wrong or too many tries → error_content7. */
function resetFailure(code: number): Shown {
  if (code === Status.codeExpired) return { key: 'error_content4' };
  if (code === Status.codeWrong || code === Status.codeTooManyTries) return { key: 'error_content7' };
  return server();
}

export function outcomeOf(call: AccountCall, code: number): Outcome {
  if (DONE[call].includes(code)) return { ok: true };
  // An ended session or a blocked region is the shell's to tell (one dialog, not two).
  if (sessionEndedCodes.includes(code as StatusCode) || code === Status.regionBlocked) {
    return { ok: false, shown: null };
  }
  switch (call) {
    case 'sendCode':
      if (code === Status.sendTooFrequent || code === Status.sendDailyCap)
        return { ok: false, shown: server('error_content6') };
      return { ok: false, shown: server() };
    case 'resetCheck':
    case 'reset':
      return { ok: false, shown: resetFailure(code) };
    case 'checkPassword':
      return { ok: false, shown: code === Status.notFound ? server('error_content5') : server() };
    case 'invite':
      if (code === Status.invalid) return { ok: false, shown: { key: 'invite_code_invalid' } };
      if (code === Status.conflict) return { ok: false, shown: { key: 'share_code_error' } };
      if (code === Status.refused) return { ok: false, shown: { key: 'share_code_error1' } };
      return { ok: false, shown: server() };
    default:
      return { ok: false, shown: server() };
  }
}

/**
 * Whether a server `status.message` is something to show: a catalogue key is translated by the
 * caller; a bare unknown key ("some_new_reason") or nothing at all is replaced by the fallback, so
 * the screen never shows a raw key; anything else is text the server meant for people.
 */
export function looksLikeKey(message: string): boolean {
  return /^[a-z][a-z0-9_]*(:.*)?$/.test(message.trim());
}
