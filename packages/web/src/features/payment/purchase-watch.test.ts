import { describe, expect, it } from 'vitest';
import { awaitingPurchase, PAYMENT_WATCH_MS, pollDelay, purchaseArrived } from './purchase-watch.ts';

describe('after paying', () => {
  const at = 1_700_000_000_000;

  it('waits at most 5 minutes after the buy', () => {
    const pending = { at, orderId: 'T1', vip: false, expiry: 0 };
    expect(awaitingPurchase(pending, at + 1000)).toBe(true);
    expect(awaitingPurchase(pending, at + PAYMENT_WATCH_MS)).toBe(false);
    expect(awaitingPurchase(null, at)).toBe(false);
    expect(pollDelay(0)).toBeLessThan(pollDelay(3));
    expect(pollDelay(100)).toBe(pollDelay(5));
  });

  it('sees the purchase once VIP shows, or runs later than before for a renewal', () => {
    expect(purchaseArrived({ at, vip: false, expiry: 0 }, { vip: false, expiry: 0 })).toBe(false);
    expect(purchaseArrived({ at, vip: false, expiry: 0 }, { vip: true, expiry: 5 })).toBe(true);
    expect(purchaseArrived({ at, vip: true, expiry: 100 }, { vip: true, expiry: 100 })).toBe(false);
    expect(purchaseArrived({ at, vip: true, expiry: 100 }, { vip: true, expiry: 200 })).toBe(true);
    expect(purchaseArrived(null, { vip: true, expiry: 1 })).toBe(true);
  });
});
