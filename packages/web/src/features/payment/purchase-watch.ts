/**
 * After paying (§4, §9): how long and how often the app looks for the order's result, and how it
 * knows the purchase arrived. Kept apart from the page rules so the shell's watcher stays small.
 */

/** §9: the account shows VIP within 5 minutes of paying; the app looks that long, then says so. */
export const PAYMENT_WATCH_MS = 5 * 60_000;
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
}

/** Where the watch stands: looking, or one of its three ends. */
export type WatchPhase = 'waiting' | 'paid' | 'failed' | 'timeout';

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
