import type { Identity } from './account-forms.ts';

/**
 * What each forgot-password step hands to the next in the route's history state, so a reload
 * or the back button keeps the step's account (and code) without a global store.
 */
export interface ForgetVerifyState {
  account: Identity;
}
export interface ResetState {
  account: Identity;
  code: string;
}
/** Sign-in after a reset: the account whose password was just set, filled in. */
export interface SignInState {
  account: Identity;
}

function isIdentity(value: unknown): value is Identity {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.email === 'string' || typeof record.phone === 'string';
}

export function readForgetVerifyState(state: unknown): ForgetVerifyState | null {
  const account = (state as { account?: unknown } | null)?.account;
  return isIdentity(account) ? { account } : null;
}

export function readResetState(state: unknown): ResetState | null {
  const verified = readForgetVerifyState(state);
  const code = (state as { code?: unknown } | null)?.code;
  return verified && typeof code === 'string' && code !== '' ? { ...verified, code } : null;
}

export function readSignInState(state: unknown): SignInState | null {
  return readForgetVerifyState(state);
}
