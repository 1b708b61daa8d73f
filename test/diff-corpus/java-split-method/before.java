package report;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

public class SalesReport {
    public String render(List<Sale> sales) {
        Map<String, Double> byRegion = new TreeMap<>();
        for (Sale sale : sales) {
            byRegion.merge(sale.region(), sale.amount(), Double::sum);
        }
        StringBuilder out = new StringBuilder();
        out.append("Region,Total\n");
        for (Map.Entry<String, Double> entry : byRegion.entrySet()) {
            out.append(entry.getKey()).append(',');
            out.append(String.format("%.2f", entry.getValue())).append('\n');
        }
        return out.toString();
    }
}
