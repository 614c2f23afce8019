import { describe, expect, it } from 'vitest';
import { BuyQuerySchema, orderCostCents, yuanOf } from './shop.ts';

describe('orderCostCents', () => {
  const ticket = { priceCents: 500, limitPriceCents: 3000 };

  it('takes the ticket price off a plan priced at or above the ticket’s limit', () => {
    expect(orderCostCents(3000, ticket)).toEqual({ cost: 2500, discount: 500 });
    expect(orderCostCents(19800, ticket)).toEqual({ cost: 19300, discount: 500 });
  });

  it('leaves a plan below the limit, or without a ticket, at its price', () => {
    expect(orderCostCents(2999, ticket)).toEqual({ cost: 2999, discount: 0 });
    expect(orderCostCents(1200)).toEqual({ cost: 1200, discount: 0 });
  });

  it('never charges less than a cent', () => {
    expect(orderCostCents(500, { priceCents: 800, limitPriceCents: 0 })).toEqual({ cost: 1, discount: 499 });
  });
});

describe('yuanOf', () => {
  it('shows cents as yuan', () => {
    expect([3000, 1250, 1].map(yuanOf)).toEqual([30, 12.5, 0.01]);
  });
});

describe('BuyQuerySchema', () => {
  it('reads an empty cash_id as no ticket and refuses ids that are not positive integers', () => {
    expect(BuyQuerySchema.parse({ plan: '3', payment: '1', cash_id: '' })).toEqual({ plan: 3, payment: 1 });
    for (const bad of ['0', '-1', '1.5', 'x', '2147483648'])
      expect(BuyQuerySchema.safeParse({ plan: bad, payment: '1' }).success, bad).toBe(false);
  });
});
