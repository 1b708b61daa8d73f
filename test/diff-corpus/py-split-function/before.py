import csv
from dataclasses import dataclass


@dataclass
class Order:
    id: str
    amount: float
    country: str


def report(path):
    orders = []
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            if not row["id"]:
                continue
            orders.append(Order(row["id"], float(row["amount"]), row["country"]))
    totals = {}
    for order in orders:
        totals[order.country] = totals.get(order.country, 0.0) + order.amount
    lines = []
    for country in sorted(totals):
        lines.append(f"{country}: {totals[country]:.2f}")
    return "\n".join(lines)
