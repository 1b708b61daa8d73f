package com.intellij.openapi.util;

public class Key<T> {
  private Key() { throw new UnsupportedOperationException(); }
}
