package shop;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

public class PriceList {
    private final List<String> lines;

    public PriceList(Path file) {
        this.lines = Files.readAllLines(file);
    }

    public double priceOf(String sku) {
        for (String line : lines) {
            String[] parts = line.split(";");
            if (parts[0].equals(sku)) {
                return Double.parseDouble(parts[1]);
            }
        }
        return -1;
    }
}
