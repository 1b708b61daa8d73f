def shipping_cost(order, rates):
    if order is not None:
        if order.items:
            weight = sum(item.weight for item in order.items)
            if order.country in rates:
                rate = rates[order.country]
                if weight > 20:
                    return rate * weight * 0.9
                else:
                    return rate * weight
            else:
                raise ValueError(f"no rate for {order.country}")
        else:
            return 0.0
    else:
        raise ValueError("no order")
