package com.intellij.openapi.actionSystem;

public final class DataKey<T> {
  private DataKey() { throw new UnsupportedOperationException(); }
}
