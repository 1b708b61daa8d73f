package com.intellij.openapi.util.registry;

import org.jetbrains.annotations.NotNull;

public final class Registry {
  private Registry() { throw new UnsupportedOperationException(); }

  public static int intValue(@NotNull String key, int defaultValue) { throw new UnsupportedOperationException(); }
}
