def total(items):
    result = 0
    for item in items:
        if item.quantity <= 0:
            continue
        result += _line_amount(item)
    return result


def _line_amount(item):
    """The price of one line of the order."""
    return item.price * item.quantity
