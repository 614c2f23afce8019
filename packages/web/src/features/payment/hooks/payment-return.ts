import { startupData } from '../../../app/startup/startup-store.ts';
import { reloadUserInfo } from '../../../app/session.ts';
import { readSetting, writeSetting } from '../../../app/settings.ts';
import {
  awaitingPurchase,
  PAYMENT_WATCH_MS,
  pollDelay,
  purchaseArrived,
  type PendingPurchase,
} from '../purchase-watch.ts';

/**
 * Seeing a paid VIP without the user asking (§4, §9): the gateway notifies the server, not the
 * app, so the app reads the account again when the payer comes back, and keeps looking for a
 * while, since a real gateway may notify a little later than it returns the payer.
 */

/**
 * The purchase this tab asked for. The stored one is shared by every tab, and the tab the gateway
 * returns to clears it once it sees the VIP; this tab still has to read the account again when
 * the payer comes back to it.
 */
let askedHere: PendingPurchase | null = null;

function awaited(): PendingPurchase | null {
  return readSetting('pendingPurchase') ?? askedHere;
}

/** Notes the purchase just asked for, with the VIP the account has now to compare against. */
export function rememberPurchase(): void {
  const user = startupData()?.userInfo;
  askedHere = { at: Date.now(), vip: user?.vip ?? false, expiry: user?.expiry ?? 0 };
  writeSetting('pendingPurchase', askedHere);
}

let running: (() => void) | null = null;

/**
 * Reads user info now and then again after growing waits, until the purchase shows or the
 * deadline passes. One watch at a time: a second start while one runs does nothing.
 */
function watchForPurchase(deadline: number, onArrived: () => void): () => void {
  if (running) return running;
  const pending = awaited();
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    running = null;
  };
  const look = async () => {
    await reloadUserInfo().catch(() => undefined);
    if (stopped) return;
    const user = startupData()?.userInfo;
    if (user && purchaseArrived(pending, user)) {
      writeSetting('pendingPurchase', null);
      askedHere = null;
      stop();
      onArrived();
      return;
    }
    const left = deadline - Date.now();
    if (left <= 0) return stop();
    timer = setTimeout(() => void look(), Math.min(pollDelay(attempt++), left));
  };
  running = stop;
  void look();
  return stop;
}

/** Back from the gateway (`/member?paid=…`): look for the next 5 minutes. */
export function watchAfterReturn(onArrived: () => void): void {
  watchForPurchase(Date.now() + PAYMENT_WATCH_MS, onArrived);
}

/** The app shown again, or started again: look while a purchase of the last 5 minutes is awaited. */
export function watchIfAwaiting(onArrived: () => void): void {
  const pending = awaited();
  if (awaitingPurchase(pending, Date.now())) watchForPurchase(pending.at + PAYMENT_WATCH_MS, onArrived);
}
