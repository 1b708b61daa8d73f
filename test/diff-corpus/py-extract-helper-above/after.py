class Report:
    def _order_total(self, order):
        return sum(item.price * item.quantity for item in order.items)

    def render(self, orders):
        lines = []
        for order in orders:
            total = self._order_total(order)
            lines.append(f"{order.id}: {total:.2f}")
        return "\n".join(lines)
