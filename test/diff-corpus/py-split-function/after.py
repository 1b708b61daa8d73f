import csv
from dataclasses import dataclass


@dataclass
class Order:
    id: str
    amount: float
    country: str


def read_orders(path):
    orders = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            if not row["id"]:
                continue
            orders.append(Order(row["id"], float(row["amount"]), row["country"]))
    return orders


def totals_by_country(orders):
    totals = {}
    for order in orders:
        totals[order.country] = totals.get(order.country, 0.0) + order.amount
    return totals


def report(path):
    totals = totals_by_country(read_orders(path))
    lines = []
    for country in sorted(totals):
        lines.append(f"{country}: {totals[country]:.2f}")
    return "\n".join(lines)
