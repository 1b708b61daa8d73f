package com.example.model;

public class Account {
    private final String id;
    private long balance;

    public Account(String id) {
        this.id = id;
        this.balance = 0;
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
