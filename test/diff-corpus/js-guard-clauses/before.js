function formatPrice(amount, currency, locale) {
  var result;
  if (typeof amount === 'number') {
    if (!isNaN(amount)) {
      var formatter = new Intl.NumberFormat(locale || 'en-US', {
        style: 'currency',
        currency: currency || 'USD',
      });
      result = formatter.format(amount);
    } else {
      result = '';
    }
  } else {
    result = '';
  }
  return result;
}
