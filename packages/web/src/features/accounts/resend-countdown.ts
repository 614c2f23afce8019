import { useSyncExternalStore } from 'react';

/**
 * Verification-code resend countdowns (spec part 1 §3, §4): one per action (sign-up, change of
 * binding, forgotten password) and channel (mail, phone). Only the end time is kept, at module
 * level, so a countdown keeps running while its page is closed and shows the right value when the
 * user comes back.
 */
export type CodeAction = 'signUp' | 'changeBind' | 'forget';
export type Channel = 'mail' | 'phone';

const endsAt = new Map<string, number>();
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

const keyOf = (action: CodeAction, channel: Channel) => `${action}:${channel}`;

/** Whole seconds until the code may be sent again; 0 when it may be sent now. */
export function resendSecondsLeft(action: CodeAction, channel: Channel, now = Date.now()): number {
  const end = endsAt.get(keyOf(action, channel));
  return end === undefined ? 0 : Math.max(0, Math.ceil((end - now) / 1000));
}

export function startResendCountdown(
  action: CodeAction,
  channel: Channel,
  seconds: number,
  now = Date.now(),
): void {
  if (!(seconds > 0)) return;
  endsAt.set(keyOf(action, channel), now + seconds * 1000);
  notify();
  tick();
}

/** Forgets every countdown (tests; a different account would not share them anyway). */
export function resetResendCountdowns(): void {
  endsAt.clear();
  notify();
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

/** One interval for all countdowns, running only while one of them is and someone listens. */
function tick(): void {
  if (ticker !== undefined || listeners.size === 0) return;
  ticker = setInterval(() => {
    notify();
    const now = Date.now();
    const running = [...endsAt.values()].some((end) => end > now);
    if (!running || listeners.size === 0) {
      clearInterval(ticker);
      ticker = undefined;
    }
  }, 250);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  tick();
  return () => listeners.delete(listener);
}

/** Seconds left for this action and channel, re-rendering as they count down. */
export function useResendCountdown(action: CodeAction, channel: Channel): number {
  return useSyncExternalStore(subscribe, () => resendSecondsLeft(action, channel));
}

/**
 * Seconds as the send button shows them: "60s" up to the usual minute, "mm:ss" for longer waits
 * (§9: 1800 → 30:00), which would be hard to read as a bare number of seconds.
 */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  if (whole <= 60) return `${whole}s`;
  const minutes = Math.floor(whole / 60);
  return `${String(minutes).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}
