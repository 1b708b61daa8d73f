package com.intellij.openapi.util;

public class Key<T> {
  private Key() { throw new UnsupportedOperationException(); }

  public static @org.jetbrains.annotations.NotNull <T> Key<T> create(@org.jetbrains.annotations.NotNull String name) { throw new UnsupportedOperationException(); }
}
