import { describe, expect, it } from 'vitest';
import { ActivityCodeSchema, costWithTicket, PositiveAmountSchema, ticketApplies } from './rewards.ts';

const ticket = { price: 5, limit_price: 30 };

describe('discount ticket rules', () => {
  it('applies a ticket only when the plan price reaches its limit_price', () => {
    expect(ticketApplies(30, ticket)).toBe(true);
    expect(ticketApplies(29.99, ticket)).toBe(false);
  });
  it('takes the ticket price off an eligible plan, and nothing off another', () => {
    expect(costWithTicket(30, ticket)).toBe(25);
    expect(costWithTicket(68, { price: 10, limit_price: 68 })).toBe(58);
    expect(costWithTicket(12, ticket)).toBe(12);
    expect(costWithTicket(30, null)).toBe(30);
    // A gateway cannot charge nothing: one cent at least.
    expect(costWithTicket(0.1, { price: 0.3, limit_price: 0 })).toBe(0.01);
  });
});

describe('reward inputs', () => {
  it('reads amounts as positive whole numbers from forms and JSON', () => {
    expect(PositiveAmountSchema.parse('7')).toBe(7);
    expect(PositiveAmountSchema.parse(365)).toBe(365);
    for (const bad of ['-7', -7, '0', 0, '7.5', 7.5, '1e3', 1e21, 'abc', '', '99999999999', null])
      expect(PositiveAmountSchema.safeParse(bad).success).toBe(false);
  });
  it('reads activity codes as up to 6 letters and digits, upper-cased', () => {
    expect(ActivityCodeSchema.parse(' demo01 ')).toBe('DEMO01');
    for (const bad of ['DEMO012', '', 'DE MO', 'DEMO-1', '演示'])
      expect(ActivityCodeSchema.safeParse(bad).success).toBe(false);
  });
});
