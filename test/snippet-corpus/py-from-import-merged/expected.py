from typing import Iterable, Optional, Sequence

from .models import Order, Customer


def find_customer(customers: Sequence[Customer], email: str) -> Optional[Customer]:
    wanted = email.casefold()
    for customer in customers:
        if customer.email.casefold() == wanted:
            return customer
    return None


def open_orders(orders: Iterable[Order]) -> list[Order]:
    return [order for order in orders if not order.closed]
