import type { Order, Customer } from "./types";

const TAX_RATE = 0.2;

export function orderTotal(o: Order): number {
  let t = 0;
  for (const l of o.lines) {
    t += l.unitPrice * l.qty;
  }
  if (o.coupon) {
    t -= o.coupon.amount;
  }
  return Math.max(0, t) * (1 + TAX_RATE);
}

export function customerLabel(c: Customer): string {
  return c.company ? `${c.name} (${c.company})` : c.name;
}

export function isLargeOrder(o: Order): boolean {
  return orderTotal(o) > 1000;
}
