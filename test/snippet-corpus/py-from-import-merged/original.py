from typing import Iterable, Optional

from .models import Order, Customer


def find_customer(customers: Iterable[Customer], email: str) -> Optional[Customer]:
    for customer in customers:
        if customer.email == email:
            return customer
    return None


def open_orders(orders: Iterable[Order]) -> list[Order]:
    return [order for order in orders if not order.closed]
