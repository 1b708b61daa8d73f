package com.example.store;

import java.util.List;
import java.util.Optional;

public interface ProductStore {
    Optional<Product> find(String sku);

    List<Product> all();

    void save(Product product);
}
