import type { Order, Customer } from "./types";

const TAX_RATE = 0.2;

export function orderTotal(order: Order): number {
  let subtotal = 0;
  for (const line of order.lines) {
    subtotal += line.unitPrice * line.qty;
  }
  if (order.coupon) {
    subtotal -= order.coupon.amount;
  }
  return Math.max(0, subtotal) * (1 + TAX_RATE);
}

export function customerLabel(c: Customer): string {
  return c.company ? `${c.name} (${c.company})` : c.name;
}

export function isLargeOrder(o: Order): boolean {
  return orderTotal(o) > 1000;
}
