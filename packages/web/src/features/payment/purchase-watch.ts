import { PAYMENT_WINDOW_S } from '@app/contract/constants';

/**
 * After paying (§4, §9): how long and how often the app looks for the order's result, and how it
 * knows the purchase arrived. Kept apart from the page rules so the shell's watcher stays small.
 */

/** §9: the account shows VIP within 5 minutes of paying; the app looks that long, then says so. */
export const PAYMENT_WATCH_MS = 5 * 60_000;
/**
 * The order's payment window (60 s, part 2 §2.6) and a margin for the gateway's notify: still not
 * paid by then, the order has expired, and the wait ends with a way to try again. A notify that
 * comes later still gives VIP (the server takes it), and the app shows it once it reads user info.
 */
export const UNPAID_AFTER_MS = PAYMENT_WINDOW_S * 1000 + 15_000;
/** Waits between looks: quick at first (the sandbox and most gateways notify at once), then slower. */
const POLL_DELAYS_MS = [2_000, 3_000, 5_000, 10_000, 15_000, 30_000];

/**
 * A purchase the app is waiting for: when it was asked for, its order (the buy call names it; the
 * old page's link does not), and the VIP the account had then.
 */
export interface PendingPurchase {
  at: number;
  orderId?: string;
  vip: boolean;
  expiry: number;
  /** Where 开始观看 leads once paid: the video the purchase started from, else the home. */
  returnTo?: string;
}

/**
 * Where the watch stands: looking, or one of its ends — paid, failed (the gateway refused it),
 * unpaid (cancelled on the gateway, or its payment window ran out), or no answer in 5 minutes.
 */
export type WatchPhase = 'waiting' | 'paid' | 'failed' | 'unpaid' | 'timeout';

/** Still unpaid past its window: the order has expired. */
export function purchaseExpired(pending: PendingPurchase, now: number): boolean {
  return now - pending.at >= UNPAID_AFTER_MS;
}

/** The payer gave up on the gateway (in any tab) after this purchase was asked for. */
export function purchaseCancelled(pending: PendingPurchase, cancelledAt: number | null): boolean {
  return cancelledAt !== null && cancelledAt >= pending.at;
}

/** 开始观看's way: a play page path the app itself wrote, else the home. */
export function afterPurchasePath(returnTo: string | undefined): string {
  return returnTo && /^\/(long|short)\/play\/[A-Za-z0-9_-]{1,64}$/.test(returnTo) ? returnTo : '/long';
}

export function pollDelay(attempt: number): number {
  return POLL_DELAYS_MS[Math.min(attempt, POLL_DELAYS_MS.length - 1)]!;
}

/** Still worth waiting for: asked for under 5 minutes ago. */
export function awaitingPurchase(pending: PendingPurchase | null, now: number): pending is PendingPurchase {
  return pending !== null && now - pending.at >= 0 && now - pending.at < PAYMENT_WATCH_MS;
}

/**
 * Without an order to ask about (the old page), the purchase shows in user info: VIP now, and
 * either not VIP before or running later than before.
 */
export function purchaseArrived(
  pending: PendingPurchase | null,
  user: { vip: boolean; expiry: number },
): boolean {
  if (!user.vip) return false;
  if (!pending) return true;
  return !pending.vip || user.expiry > pending.expiry;
}
