import { useSyncExternalStore } from 'react';
import { reloadUserInfo } from '../../../app/session.ts';
import { readSetting, writeSetting } from '../../../app/settings.ts';
import { startupData } from '../../../app/startup/startup-store.ts';
import { fetchOrderState } from '../api/shop-api.ts';
import {
  awaitingPurchase,
  PAYMENT_WATCH_MS,
  pollDelay,
  purchaseArrived,
  purchaseCancelled,
  purchaseExpired,
  UNPAID_AFTER_MS,
  type PendingPurchase,
  type WatchPhase,
} from '../purchase-watch.ts';

/**
 * Watching a purchase to its end (§4, §9): the gateway notifies the server, not the app, so the
 * app asks the server about the order — at once, then after growing waits, and at once again when
 * the payer comes back to the tab — until it is paid, failed, or 5 minutes went by. Then it says
 * so, and on paid reads user info again, so VIP and its expiry change on every page.
 */

export interface OrderWatch {
  phase: WatchPhase;
  /** The VIP expiry the order bought, epoch seconds (paid only). */
  expiry: number;
  /** The dialog is up: the result always shows; the waiting state until the payer closes it. */
  shown: boolean;
  /** Where 开始观看 leads (paid only). */
  returnTo?: string;
}

let watch: OrderWatch | null = null;
const listeners = new Set<() => void>();

function publish(next: OrderWatch | null) {
  watch = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentWatch(): OrderWatch | null {
  return watch;
}

/** The watch this tab runs, for the dialog that shows it. */
export function useOrderWatch(): OrderWatch | null {
  return useSyncExternalStore(subscribe, currentWatch);
}

/**
 * The purchase this tab asked for. The stored one is shared by every tab, and the tab the gateway
 * returns to clears it once it sees the result; this tab still has to show it.
 */
let askedHere: PendingPurchase | null = null;

function awaited(): PendingPurchase | null {
  return readSetting('pendingPurchase') ?? askedHere;
}

function forget() {
  writeSetting('pendingPurchase', null);
  askedHere = null;
}

let timer: ReturnType<typeof setTimeout> | undefined;
let run: { pending: PendingPurchase; deadline: number; attempt: number } | null = null;

function stop() {
  clearTimeout(timer);
  run = null;
}

function end(phase: Exclude<WatchPhase, 'waiting'>, expiry = 0) {
  const returnTo = run?.pending.returnTo;
  stop();
  if (phase !== 'timeout') forget();
  publish({ phase, expiry, shown: true, returnTo });
}

/** One look: the order's state (or, without an order, user info), then the next look or the end. */
async function look() {
  const current = run;
  if (!current) return;
  clearTimeout(timer);
  const { pending } = current;
  // Cancelled on the gateway, in this tab or the one it returned to: nothing more will come.
  if (purchaseCancelled(pending, readSetting('purchaseCancelledAt'))) return end('unpaid');
  // Whether the server answered this look: only an answer that the order is still unpaid past
  // its window ends it as unpaid; unreachable, the watch goes on to its 5 minutes.
  let answered = false;
  try {
    if (pending.orderId) {
      const order = await fetchOrderState(pending.orderId);
      answered = true;
      if (run !== current) return;
      if (order === null) {
        // Another account's order now (a sign-in meanwhile): nothing of this account's to show.
        stop();
        forget();
        return publish(null);
      }
      if (order.state === 'failed') return end('failed');
      if (order.state === 'paid') {
        await reloadUserInfo().catch(() => undefined);
        return end('paid', order.vip_until);
      }
    } else {
      await reloadUserInfo();
      answered = true;
      if (run !== current) return;
      const user = startupData()?.userInfo;
      if (user && purchaseArrived(pending, user)) return end('paid', user.expiry);
    }
  } catch {
    // Offline or a line down: the next look tries again.
  }
  if (run !== current) return;
  if (answered && purchaseExpired(pending, Date.now())) return end('unpaid');
  const left = current.deadline - Date.now();
  if (left <= 0) return end('timeout');
  const untilExpired = pending.at + UNPAID_AFTER_MS - Date.now();
  const wait = Math.min(pollDelay(current.attempt++), left, untilExpired > 0 ? untilExpired : Infinity);
  timer = setTimeout(() => void look(), wait);
}

function start(pending: PendingPurchase, deadline: number, shown: boolean) {
  stop();
  run = { pending, deadline, attempt: 0 };
  publish({ phase: 'waiting', expiry: 0, shown });
  void look();
}

/**
 * The purchase just asked for, with the order the buy made (none from the old page's link) and
 * the VIP the account has now: the waiting dialog shows and the watch begins.
 */
export function watchPurchase(orderId?: string, returnTo?: string): void {
  const user = startupData()?.userInfo;
  askedHere = { at: Date.now(), orderId, vip: user?.vip ?? false, expiry: user?.expiry ?? 0, returnTo };
  writeSetting('pendingPurchase', askedHere);
  start(askedHere, askedHere.at + PAYMENT_WATCH_MS, true);
}

/** Back from the gateway (`/member?paid=<order>`): the waiting dialog, for the next 5 minutes. */
export function watchAfterReturn(orderId: string): void {
  const pending = awaited();
  const order =
    pending?.orderId === orderId ? pending : { ...(pending ?? { vip: false, expiry: 0 }), orderId };
  start({ ...order, at: Date.now() }, Date.now() + PAYMENT_WATCH_MS, true);
}

/**
 * The app shown again (back from the gateway's tab) or started again: a watch that runs looks at
 * once and from the shortest wait again; a purchase of the last 5 minutes nobody watches yet is
 * watched without the waiting dialog (its result still shows).
 */
export function watchIfAwaiting(): void {
  if (run) {
    run.attempt = 0;
    return void look();
  }
  if (watch) return; // a result on screen
  const pending = awaited();
  if (awaitingPurchase(pending, Date.now())) start(pending, pending.at + PAYMENT_WATCH_MS, false);
}

/**
 * Back from the gateway's Cancel (`/member?unpaid=<order>`): the purchase is given up. Every tab
 * that waits for it reads the time and ends its wait (the tab that asked may know no order).
 */
export function purchaseCancelledOnGateway(): void {
  writeSetting('purchaseCancelledAt', Date.now());
  const pending = awaited();
  if (run) return void look();
  if (pending) return start(pending, pending.at + PAYMENT_WATCH_MS, true);
  publish({ phase: 'unpaid', expiry: 0, shown: true });
}

/** "Check again" after the time-out: one more look now, and 5 more minutes of them. */
export function checkAgain(): void {
  const pending = awaited();
  if (!pending) return publish(null);
  start(pending, Date.now() + PAYMENT_WATCH_MS, true);
}

/** The dialog closed: a result is done with; a waiting watch goes on out of sight. */
export function closeWatchDialog(): void {
  if (!watch) return;
  if (watch.phase === 'waiting') publish({ ...watch, shown: false });
  else publish(null);
}
