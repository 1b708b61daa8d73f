package report;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

public class SalesReport {
    public String render(List<Sale> sales) {
        return toCsv(totalsByRegion(sales));
    }

    private static Map<String, Double> totalsByRegion(List<Sale> sales) {
        Map<String, Double> byRegion = new TreeMap<>();
        for (Sale sale : sales) {
            byRegion.merge(sale.region(), sale.amount(), Double::sum);
        }
        return byRegion;
    }

    private static String toCsv(Map<String, Double> byRegion) {
        StringBuilder out = new StringBuilder();
        out.append("Region,Total\n");
        for (Map.Entry<String, Double> entry : byRegion.entrySet()) {
            out.append(entry.getKey()).append(',');
            out.append(String.format("%.2f", entry.getValue())).append('\n');
        }
        return out.toString();
    }
}
