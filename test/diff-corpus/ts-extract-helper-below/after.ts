export function invoiceTotal(invoice: Invoice): number {
  let total = 0;
  for (const line of invoice.lines) {
    total += lineAmount(line);
  }
  if (invoice.discount) {
    total -= total * invoice.discount;
  }
  return Math.round(total * 100) / 100;
}

function lineAmount(line: InvoiceLine): number {
  return line.price * line.quantity;
}
