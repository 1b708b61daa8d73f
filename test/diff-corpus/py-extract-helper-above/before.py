class Report:
    def render(self, orders):
        lines = []
        for order in orders:
            total = sum(item.price * item.quantity for item in order.items)
            lines.append(f"{order.id}: {total:.2f}")
        return "\n".join(lines)
