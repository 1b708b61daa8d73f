export function invoiceTotal(invoice: Invoice): number {
  let total = 0;
  for (const line of invoice.lines) {
    total += line.price * line.quantity;
  }
  if (invoice.discount) {
    total -= total * invoice.discount;
  }
  return Math.round(total * 100) / 100;
}
