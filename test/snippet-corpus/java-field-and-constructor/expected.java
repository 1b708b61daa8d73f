package com.example.model;

public class Account {
    private final String id;
    private final String currency;
    private long balance;

    public Account(String id, String currency) {
        this.id = id;
        this.currency = currency;
        this.balance = 0;
    }

    public String getCurrency() {
        return currency;
    }

    public String getId() {
        return id;
    }

    public long getBalance() {
        return balance;
    }

    public void deposit(long amount) {
        balance += amount;
    }
}
