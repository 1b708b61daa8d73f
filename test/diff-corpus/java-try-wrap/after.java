package shop;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

public class PriceList {
    private final List<String> lines;

    public PriceList(Path file) {
        try {
            this.lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    public double priceOf(String sku) {
        for (String line : lines) {
            String[] parts = line.split(";");
            if (parts.length < 2) {
                continue;
            }
            if (parts[0].equals(sku)) {
                return Double.parseDouble(parts[1]);
            }
        }
        return -1;
    }
}
