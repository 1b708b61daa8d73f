def _price(item):
    """Sum of the items' prices."""
    return item.price

def total(items):
    return sum(_price(item) for item in items)
