import type { Plan, Ticket } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  autoRenews,
  buyContextOf,
  oldPlansPath,
  dateTimeText,
  buyOutcome,
  cashUnavailable,
  choosePlan,
  chosenOf,
  hasHiddenPlans,
  methodsOf,
  minutesSeconds,
  NOTHING_CHOSEN,
  payButton,
  preselection,
  promotionLevelOf,
  SALE_COUNTDOWN_MS,
  SALE_COUNTDOWN_RENEW_MS,
  saleCountdownStart,
  saleSecondsLeft,
  shownPlans,
  ticketSelectable,
  toggleMethod,
  toggleTicket,
} from './payment-rules.ts';

const plan = (id: number, price: number): Plan => ({
  id,
  name: `plan ${id}`,
  price,
  original_price: price * 2,
  slogan: '',
  tag: '',
  tag_color: '#ff4d6d',
  color: '#2a1f3d',
  average: price / 30,
  days: 30,
  bonus_days: 0,
  cash_title: 'VIP_30_days',
  payments: [
    { pay_type: 'alipay', payments: [{ id: 1, name: 'alipay', detail_name: '支付宝' }] },
    { pay_type: 'wechat', payments: [{ id: 2, name: 'wxpay', detail_name: '' }] },
  ],
});
const ticket = (id: number, price: number, limit: number): Ticket => ({
  id,
  name: `ticket ${id}`,
  price,
  limit_price: limit,
  slogan: '',
  expire_time: 2_000_000_000,
});

const month = plan(10, 30);
const season = plan(11, 68);
const week = plan(12, 12);
const plans = [month, season, week, plan(13, 198), plan(14, 118)];
const fiveOff = ticket(100, 5, 30);
const tenOff = ticket(101, 10, 68);

describe('plan list', () => {
  it('shows the first 3 plans until expanded', () => {
    expect(shownPlans(plans, false).map((item) => item.id)).toEqual([10, 11, 12]);
    expect(shownPlans(plans, true)).toHaveLength(5);
    expect(hasHiddenPlans(plans)).toBe(true);
    expect(hasHiddenPlans(plans.slice(0, 3))).toBe(false);
  });

  it('is unavailable under cash maintenance or without plans', () => {
    expect(cashUnavailable({ maintain: true, plans })).toBe(true);
    expect(cashUnavailable({ maintain: false, plans: [] })).toBe(true);
    expect(cashUnavailable({ maintain: false, plans })).toBe(false);
  });

  it('lists the methods of the chosen plan, group by group', () => {
    expect(methodsOf(month)).toEqual([
      { id: 1, name: '支付宝', payType: 'alipay' },
      { id: 2, name: 'wxpay', payType: 'wechat' },
    ]);
    expect(methodsOf(undefined)).toEqual([]);
  });
});

describe('selection', () => {
  it('choosing another plan resets the ticket and the method', () => {
    const chosen = { planId: season.id, methodId: 2, ticketId: tenOff.id };
    expect(choosePlan(chosen, month.id)).toEqual({ planId: month.id, methodId: null, ticketId: null });
    // The plan already chosen: nothing is undone.
    expect(choosePlan(chosen, season.id)).toBe(chosen);
  });

  it('a method is selected by a tap and deselected by a second', () => {
    const withMethod = toggleMethod({ ...NOTHING_CHOSEN, planId: 10 }, 1);
    expect(withMethod.methodId).toBe(1);
    expect(toggleMethod(withMethod, 2).methodId).toBe(2);
    expect(toggleMethod(withMethod, 1).methodId).toBeNull();
  });

  it('a ticket is selectable only when the plan price reaches its limit_price', () => {
    expect(ticketSelectable(month, fiveOff)).toBe(true); // 30 ≥ 30
    expect(ticketSelectable(week, fiveOff)).toBe(false); // 12 < 30
    expect(ticketSelectable(month, tenOff)).toBe(false); // 30 < 68
    expect(ticketSelectable(season, tenOff)).toBe(true);
    expect(ticketSelectable(undefined, fiveOff)).toBe(false);
  });

  it('a tap selects an applicable ticket, a second tap removes it, others are refused', () => {
    const onMonth = { ...NOTHING_CHOSEN, planId: month.id };
    const withTicket = toggleTicket(onMonth, month, fiveOff);
    expect(withTicket.ticketId).toBe(fiveOff.id);
    expect(toggleTicket(withTicket, month, fiveOff).ticketId).toBeNull();
    expect(toggleTicket(onMonth, month, tenOff)).toBe(onMonth);
    expect(toggleTicket(NOTHING_CHOSEN, undefined, fiveOff)).toBe(NOTHING_CHOSEN);
  });

  it('reads ids that are gone, or a ticket that does not fit, as not chosen', () => {
    const chosen = chosenOf({ planId: week.id, methodId: 9, ticketId: fiveOff.id }, plans, [fiveOff]);
    expect(chosen).toEqual({ plan: week, method: undefined, ticket: undefined });
  });
});

describe('pay button', () => {
  it('asks for a method until both a plan and a method are chosen', () => {
    expect(payButton(chosenOf(NOTHING_CHOSEN, plans, []))).toEqual({
      ready: false,
      key: 'payment_choose_method',
    });
    expect(payButton(chosenOf({ ...NOTHING_CHOSEN, planId: month.id }, plans, [])).ready).toBe(false);
    expect(payButton(chosenOf({ ...NOTHING_CHOSEN, methodId: 1 }, plans, [])).ready).toBe(false);
  });

  it('then reads confirm and pay with the cost, the ticket price taken off', () => {
    const selection = { planId: month.id, methodId: 1, ticketId: null };
    expect(payButton(chosenOf(selection, plans, [fiveOff]))).toEqual({
      ready: true,
      key: 'payment_confirm_pay',
      amount: '30',
    });
    expect(payButton(chosenOf({ ...selection, ticketId: fiveOff.id }, plans, [fiveOff]))).toMatchObject({
      amount: '25',
    });
    const cheap = plan(20, 12.5);
    const half = ticket(102, 2.4, 10);
    expect(payButton(chosenOf({ planId: 20, methodId: 1, ticketId: 102 }, [cheap], [half]))).toMatchObject({
      amount: '10.1',
    });
  });
});

describe('page query', () => {
  it('takes source, video_id (or avkey) and cash_id, dropping what the server would refuse', () => {
    expect(buyContextOf(new URLSearchParams('source=player&video_id=abc_1&cash_id=42'))).toEqual({
      source: 'player',
      videoId: 'abc_1',
      cashId: 42,
      returnTo: '/long/play/abc_1',
    });
    // The player's upgrade link names its type, so 开始观看 returns to the short video's page.
    expect(buyContextOf(new URLSearchParams('avkey=x9&type=short'))).toEqual({
      source: undefined,
      videoId: 'x9',
      cashId: null,
      returnTo: '/short/play/x9',
    });
    expect(buyContextOf(new URLSearchParams('source=<b>&video_id=a%20b&cash_id=-1'))).toEqual({
      source: undefined,
      videoId: undefined,
      cashId: null,
    });
  });

  it('a ticket link preselects its ticket on the first plan it applies to', () => {
    expect(preselection(tenOff.id, plans, [fiveOff, tenOff])).toEqual({
      planId: season.id,
      methodId: null,
      ticketId: tenOff.id,
    });
    expect(preselection(999, plans, [fiveOff])).toEqual(NOTHING_CHOSEN);
    expect(preselection(null, plans, [fiveOff])).toEqual(NOTHING_CHOSEN);
    expect(preselection(103, plans, [ticket(103, 50, 500)])).toEqual(NOTHING_CHOSEN);
  });
});

describe('buy replies', () => {
  it('follow the §8 table', () => {
    expect(buyOutcome(200, 'ok')).toBe('paying');
    expect(buyOutcome(401, 'order_too_frequent')).toBe('single');
    expect(buyOutcome(402, 'channel_busy')).toBe('busy');
    expect(buyOutcome(500, 'server_error')).toBe('error');
    expect(buyOutcome(501, 'provider_error')).toBe('error');
    expect(buyOutcome(502, 'provider_unavailable')).toBe('error');
  });

  it('leave ended sessions to the shell and name the other refusals', () => {
    expect(buyOutcome(498, 'session_expired')).toBe('shell');
    expect(buyOutcome(481, 'location_error')).toBe('shell');
    expect(buyOutcome(403, 'cash_maintain')).toBe('maintenance');
    expect(buyOutcome(402, 'ticket_unavailable')).toBe('ticket');
    expect(buyOutcome(401, 'ticket_below_limit')).toBe('ticket');
    expect(buyOutcome(404, 'plan_not_found')).toBe('message');
    expect(buyOutcome(403, 'sale_level_mismatch')).toBe('message');
  });
});

describe('sale countdown', () => {
  const now = 1_700_000_000_000;

  it('runs 15 minutes from the first visit and hides at zero', () => {
    const start = saleCountdownStart(undefined, now);
    expect(start).toBe(now);
    expect(saleSecondsLeft(start, now)).toBe(900);
    expect(saleSecondsLeft(start, now + 60_500)).toBe(840);
    expect(saleSecondsLeft(start, now + SALE_COUNTDOWN_MS)).toBe(0);
    expect(saleSecondsLeft(start, now + SALE_COUNTDOWN_MS + 5000)).toBe(0);
    expect(minutesSeconds(840)).toEqual({ minutes: '14', seconds: '00' });
    expect(minutesSeconds(65)).toEqual({ minutes: '01', seconds: '05' });
  });

  it('keeps a stored start for a day, then begins again', () => {
    expect(saleCountdownStart(now - 60_000, now)).toBe(now - 60_000);
    expect(saleCountdownStart(now - SALE_COUNTDOWN_RENEW_MS, now)).toBe(now);
    expect(saleCountdownStart(now + 60_000, now)).toBe(now); // a clock set back
  });

  it('reads the level in any case', () => {
    expect(promotionLevelOf('c')).toBe('C');
    expect(promotionLevelOf('G')).toBeUndefined();
    expect(promotionLevelOf(undefined)).toBeUndefined();
  });
});

describe('orders', () => {
  it('reads auto-renew as yes only for status 1', () => {
    expect(autoRenews({ status: 1 })).toBe(true);
    expect(autoRenews({ status: 0 })).toBe(false);
    expect(autoRenews({ status: 2 })).toBe(false);
  });

  it('writes the create time as date and hh:mm', () => {
    const at = new Date(2024, 0, 5, 9, 7).getTime() / 1000;
    expect(dateTimeText(at)).toBe('2024/01/05 09:07');
  });
});

describe('oldPlansPath', () => {
  it("follows the account's shop_link to an old-shop plan path, alone or in a full address", () => {
    expect(oldPlansPath('/v1/shop/api/3')).toBe('/v1/shop/api/3');
    expect(oldPlansPath('https://api.example/v1/shop/api/5?x=1')).toBe('/v1/shop/api/5');
  });

  it('falls back to /v1/shop/api/2 for anything else', () => {
    for (const link of [
      undefined,
      '',
      '/v1/user/info',
      'javascript:alert(1)',
      '/v1/shop/api/2/../x',
      '//evil',
    ])
      expect(oldPlansPath(link)).toBe('/v1/shop/api/2');
  });
});
