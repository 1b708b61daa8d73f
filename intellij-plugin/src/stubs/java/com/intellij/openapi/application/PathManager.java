package com.intellij.openapi.application;

import org.jetbrains.annotations.NotNull;

public final class PathManager {
  private PathManager() { throw new UnsupportedOperationException(); }

  public static @NotNull String getSystemPath() { throw new UnsupportedOperationException(); }
}
