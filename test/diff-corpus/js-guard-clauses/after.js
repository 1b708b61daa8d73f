function formatPrice(amount, currency = 'USD', locale = 'en-US') {
  if (typeof amount !== 'number' || Number.isNaN(amount)) {
    return '';
  }
  const formatter = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
  });
  return formatter.format(amount);
}
