import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCountdown,
  resendSecondsLeft,
  resetResendCountdowns,
  startResendCountdown,
} from './resend-countdown.ts';

afterEach(() => resetResendCountdowns());

describe('resend countdown store', () => {
  const start = 1_000_000;

  it('counts down whole seconds from the start value and ends at zero', () => {
    startResendCountdown('signUp', 'mail', 60, start);
    expect(resendSecondsLeft('signUp', 'mail', start)).toBe(60);
    expect(resendSecondsLeft('signUp', 'mail', start + 1)).toBe(60);
    expect(resendSecondsLeft('signUp', 'mail', start + 1000)).toBe(59);
    expect(resendSecondsLeft('signUp', 'mail', start + 59_001)).toBe(1);
    expect(resendSecondsLeft('signUp', 'mail', start + 60_000)).toBe(0);
    expect(resendSecondsLeft('signUp', 'mail', start + 3_600_000)).toBe(0);
  });

  it('keeps each action and channel apart', () => {
    startResendCountdown('signUp', 'phone', 60, start);
    startResendCountdown('forget', 'mail', 30, start);
    expect(resendSecondsLeft('signUp', 'phone', start)).toBe(60);
    expect(resendSecondsLeft('signUp', 'mail', start)).toBe(0);
    expect(resendSecondsLeft('forget', 'mail', start)).toBe(30);
    expect(resendSecondsLeft('forget', 'phone', start)).toBe(0);
    expect(resendSecondsLeft('changeBind', 'phone', start)).toBe(0);
  });

  it('lives outside any page: a later read sees the time that passed meanwhile', () => {
    startResendCountdown('changeBind', 'mail', 60, start);
    // The page is left and opened again 25 s later: the store answers, not the page's state.
    expect(resendSecondsLeft('changeBind', 'mail', start + 25_000)).toBe(35);
  });

  it('restarts on a new send and ignores non-positive starts', () => {
    startResendCountdown('signUp', 'mail', 60, start);
    startResendCountdown('signUp', 'mail', 90, start + 30_000);
    expect(resendSecondsLeft('signUp', 'mail', start + 30_000)).toBe(90);
    startResendCountdown('signUp', 'mail', 0, start + 30_000);
    startResendCountdown('signUp', 'mail', Number.NaN, start + 30_000);
    expect(resendSecondsLeft('signUp', 'mail', start + 30_000)).toBe(90);
  });
});

describe('formatCountdown', () => {
  it('shows seconds up to a minute and mm:ss beyond (1800 → 30:00)', () => {
    expect(formatCountdown(59)).toBe('59s');
    expect(formatCountdown(1)).toBe('1s');
    expect(formatCountdown(0)).toBe('0s');
    expect(formatCountdown(60)).toBe('60s');
    expect(formatCountdown(61)).toBe('01:01');
    expect(formatCountdown(1800)).toBe('30:00');
    expect(formatCountdown(1799)).toBe('29:59');
    expect(formatCountdown(-3)).toBe('0s');
  });
});
