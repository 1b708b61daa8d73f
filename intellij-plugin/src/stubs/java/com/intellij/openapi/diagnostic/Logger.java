package com.intellij.openapi.diagnostic;

public abstract class Logger {
  public abstract void info(String message);
}
