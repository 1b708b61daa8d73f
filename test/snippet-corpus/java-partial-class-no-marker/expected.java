package com.example.shop;

import java.util.ArrayList;
import java.util.List;

public class OrderRepository {
    private final List<Order> orders = Collections.synchronizedList(new ArrayList<>());

    public void save(Order order) {
        orders.add(order);
    }

    public Order findById(String id) {
        for (Order o : orders) {
            if (o.getId().equals(id)) {
                return o;
            }
        }
        return null;
    }

    public List<Order> findByCustomer(String customerId) {
        List<Order> result = new ArrayList<>();
        for (Order o : orders) {
            if (o.getCustomerId().equals(customerId)) {
                result.add(o);
            }
        }
        return result;
    }

    public int count() {
        synchronized (orders) {
            return orders.size();
        }
    }
}
