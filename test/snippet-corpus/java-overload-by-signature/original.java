package com.example.log;

import java.io.PrintStream;
import java.time.Instant;

public class Logger {
    private final String name;
    private final PrintStream out;

    public Logger(String name, PrintStream out) {
        this.name = name;
        this.out = out;
    }

    public void log(String message) {
        out.println(Instant.now() + " " + name + ": " + message);
    }

    public void log(String message, Throwable error) {
        out.println(Instant.now() + " " + name + ": " + message);
        error.printStackTrace(out);
    }
}
