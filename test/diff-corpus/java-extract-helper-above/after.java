    private static String describeLine(Line line) {
        return "  " + line.name() + ": " + line.price() * line.quantity() + "\n";
    }

    public String describe(Order order) {
        StringBuilder out = new StringBuilder();
        out.append("Order ").append(order.id()).append('\n');
        for (Line line : order.lines()) {
            out.append(describeLine(line));
        }
        out.append("Total: ").append(order.total());
        return out.toString();
    }
