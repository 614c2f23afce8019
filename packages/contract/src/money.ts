/**
 * Prices and tickets (part 2 §4, §5): plain rules without zod, shared by the server's orders and
 * the payment page, which reads them without loading the schemas (shop.ts and rewards.ts re-export
 * them).
 */

/** Cents as the yuan the screens show: 3000 → 30, 1250 → 12.5. */
export function yuanOf(cents: number): number {
  return cents / 100;
}

/**
 * §4 and §5: a ticket takes its price off only when the plan price is at least its limit_price.
 * All in cents. A gateway cannot charge nothing, so the cost never goes below one cent.
 */
export function orderCostCents(
  planPriceCents: number,
  ticket?: { priceCents: number; limitPriceCents: number },
): { cost: number; discount: number } {
  if (!ticket || planPriceCents < ticket.limitPriceCents) return { cost: planPriceCents, discount: 0 };
  const cost = Math.max(1, planPriceCents - ticket.priceCents);
  return { cost, discount: planPriceCents - cost };
}

/** §4 and §5: a ticket applies only when the plan price is at least its limit_price. */
export function ticketApplies(planPrice: number, ticket: { limit_price: number }): boolean {
  return planPrice >= ticket.limit_price;
}

/**
 * §4: the cost the payment page shows, in yuan as the wire carries prices: the server's own rule
 * (`orderCostCents`), so the page and the order always agree.
 */
export function costWithTicket(planPrice: number, ticket: { price: number; limit_price: number } | null) {
  const cents = (yuan: number) => Math.round(yuan * 100);
  const held = ticket && { priceCents: cents(ticket.price), limitPriceCents: cents(ticket.limit_price) };
  return yuanOf(orderCostCents(cents(planPrice), held ?? undefined).cost);
}
