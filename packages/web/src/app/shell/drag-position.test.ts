import { describe, expect, it } from 'vitest';
import { clampToScreen, promoWidgetsHidden } from './drag-position.ts';

const screen = { width: 390, height: 844 };
const size = { width: 60, height: 60 };

describe('clampToScreen', () => {
  it('leaves a position inside the screen as it is', () => {
    expect(clampToScreen({ x: 100, y: 200 }, size, screen)).toEqual({ x: 100, y: 200 });
  });
  it('pulls a widget dragged past any edge back inside, margin included', () => {
    expect(clampToScreen({ x: -50, y: -10 }, size, screen)).toEqual({ x: 8, y: 8 });
    expect(clampToScreen({ x: 500, y: 900 }, size, screen)).toEqual({ x: 322, y: 776 });
  });
  it('keeps a widget inside a screen that became smaller (rotation)', () => {
    expect(clampToScreen({ x: 700, y: 300 }, size, { width: 390, height: 320 })).toEqual({ x: 322, y: 252 });
  });
});

describe('promoWidgetsHidden', () => {
  it('hides the widgets on play, payment, follower, sale, ticket and exchange pages', () => {
    for (const path of [
      '/long/play/ab12',
      '/short/play/cd34',
      '/member/payment',
      '/member/paymentOld',
      '/find/follower/7',
      '/member/paymentSale/C',
      '/member/ticketDiscount',
      '/member/vip',
    ])
      expect(promoWidgetsHidden(path)).toBe(true);
  });
  it('shows them elsewhere', () => {
    for (const path of ['/long', '/member', '/find', '/member/share', '/long/category'])
      expect(promoWidgetsHidden(path)).toBe(false);
  });
});
