import type { OrderStateView } from '@app/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNPAID_AFTER_MS } from '../purchase-watch.ts';

const orderState = vi.fn<(orderId: string) => Promise<OrderStateView | null>>();
const reloadUserInfo = vi.fn(async () => undefined);
vi.mock('../api/shop-api.ts', () => ({ fetchOrderState: (id: string) => orderState(id) }));
vi.mock('../../../app/session.ts', () => ({ reloadUserInfo: () => reloadUserInfo() }));

const { checkAgain, closeWatchDialog, currentWatch, watchIfAwaiting, watchPurchase } =
  await import('./payment-return.ts');

const pending = (): Promise<OrderStateView> =>
  Promise.resolve({ order_id: 'T1', state: 'pending', vip_until: 0 });

/** Lets the look's awaited calls finish. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('watching an order after 前往支付', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    orderState.mockReset();
    reloadUserInfo.mockClear();
  });
  afterEach(() => {
    closeWatchDialog();
    closeWatchDialog();
    vi.useRealTimers();
  });

  it('looks at once, then after growing waits, and shows paid with the expiry; user info is read again', async () => {
    orderState.mockImplementation(pending);
    watchPurchase('T1');
    await settle();
    expect(orderState).toHaveBeenCalledTimes(1);
    expect(currentWatch()).toEqual({ phase: 'waiting', expiry: 0, shown: true });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(orderState).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(orderState).toHaveBeenCalledTimes(2);
    orderState.mockResolvedValue({ order_id: 'T1', state: 'paid', vip_until: 1_800_000_000 });
    await vi.advanceTimersByTimeAsync(1);
    expect(orderState).toHaveBeenCalledTimes(3);
    expect(reloadUserInfo).toHaveBeenCalledTimes(1);
    expect(currentWatch()).toEqual({ phase: 'paid', expiry: 1_800_000_000, shown: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(orderState).toHaveBeenCalledTimes(3);
  });

  it('looks again at once when the tab is shown again, from the shortest wait', async () => {
    orderState.mockImplementation(pending);
    watchPurchase('T1');
    await vi.advanceTimersByTimeAsync(2_000 + 3_000 + 5_000);
    expect(orderState).toHaveBeenCalledTimes(4);
    watchIfAwaiting();
    await settle();
    expect(orderState).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(orderState).toHaveBeenCalledTimes(6);
  });

  it('says failed, unpaid past the order window, and times out after 5 minutes unanswered; checking again looks once more', async () => {
    orderState.mockResolvedValue({ order_id: 'T1', state: 'failed', vip_until: 0 });
    watchPurchase('T1');
    await settle();
    expect(currentWatch()?.phase).toBe('failed');
    closeWatchDialog();
    expect(currentWatch()).toBeNull();

    // Still pending once its 60 s window and the notify's margin went by: the order expired.
    orderState.mockImplementation(pending);
    watchPurchase('T3');
    await vi.advanceTimersByTimeAsync(UNPAID_AFTER_MS - 1);
    expect(currentWatch()?.phase).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(currentWatch()?.phase).toBe('unpaid');
    closeWatchDialog();

    // The server out of reach: no answer says unpaid, so the watch waits its 5 minutes.
    orderState.mockRejectedValue(new Error('offline'));
    watchPurchase('T2');
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
    expect(currentWatch()?.phase).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(currentWatch()).toEqual({ phase: 'timeout', expiry: 0, shown: true });
    orderState.mockImplementation(pending);
    const looks = orderState.mock.calls.length;
    checkAgain();
    await settle();
    expect(orderState).toHaveBeenCalledTimes(looks + 1);
    // The server answers now: still pending, 5 minutes on, so the order has expired.
    expect(currentWatch()?.phase).toBe('unpaid');
  });

  it('hides the waiting pop-up on 返回会员中心 and still shows the result', async () => {
    orderState.mockImplementation(pending);
    watchPurchase('T1');
    await settle();
    closeWatchDialog();
    expect(currentWatch()).toEqual({ phase: 'waiting', expiry: 0, shown: false });
    orderState.mockResolvedValue({ order_id: 'T1', state: 'paid', vip_until: 5 });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(currentWatch()).toEqual({ phase: 'paid', expiry: 5, shown: true });
  });
});
