def total(items):
    result = 0
    for item in items:
        if item.quantity <= 0:
            continue
        result += item.price * item.quantity
    return result
