def shipping_cost(order, rates):
    if order is None:
        raise ValueError("no order")
    if not order.items:
        return 0.0
    if order.country not in rates:
        raise ValueError(f"no rate for {order.country}")
    weight = sum(item.weight for item in order.items)
    rate = rates[order.country]
    if weight > 20:
        return rate * weight * 0.9
    return rate * weight
