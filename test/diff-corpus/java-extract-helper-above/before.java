    public String describe(Order order) {
        StringBuilder out = new StringBuilder();
        out.append("Order ").append(order.id()).append('\n');
        for (Line line : order.lines()) {
            out.append("  ").append(line.name()).append(": ").append(line.price() * line.quantity()).append('\n');
        }
        out.append("Total: ").append(order.total());
        return out.toString();
    }
