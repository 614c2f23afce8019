/** Where a floating widget sits: its top-left corner in CSS pixels of the viewport. */
export interface Position {
  x: number;
  y: number;
}

/** Keeps a widget of `size` wholly on screen, clear of the safe margin (spec: inside the screen). */
export function clampToScreen(
  position: Position,
  size: { width: number; height: number },
  screen: { width: number; height: number },
  margin = 8,
): Position {
  const clamp = (value: number, max: number) =>
    Math.min(Math.max(value, margin), Math.max(margin, max - margin));
  return {
    x: clamp(position.x, screen.width - size.width),
    y: clamp(position.y, screen.height - size.height),
  };
}

/** Routes where the floating promo widgets stay hidden (part 2 §2.1; the route `payment` is both payment pages). */
const HIDDEN_ON = [
  /^\/(long|short)\/play\//,
  /^\/member\/payment(Old)?$/,
  /^\/find\/follower\//,
  /^\/member\/paymentSale\//,
  /^\/member\/ticketDiscount$/,
  /^\/member\/vip$/,
];

export function promoWidgetsHidden(pathname: string): boolean {
  return HIDDEN_ON.some((pattern) => pattern.test(pathname));
}
