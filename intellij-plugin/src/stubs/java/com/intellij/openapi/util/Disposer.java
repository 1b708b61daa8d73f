package com.intellij.openapi.util;

import com.intellij.openapi.Disposable;
import org.jetbrains.annotations.NotNull;

public final class Disposer {
  private Disposer() { throw new UnsupportedOperationException(); }

  public static @NotNull Disposable newDisposable(@NotNull String debugName) { throw new UnsupportedOperationException(); }

  public static void register(@NotNull Disposable parent, @NotNull Disposable child) { throw new UnsupportedOperationException(); }

  public static void dispose(@NotNull Disposable disposable) { throw new UnsupportedOperationException(); }
}
