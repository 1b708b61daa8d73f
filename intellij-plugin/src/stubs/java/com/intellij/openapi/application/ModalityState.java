package com.intellij.openapi.application;

import org.jetbrains.annotations.NotNull;

public abstract class ModalityState {
  public static @NotNull ModalityState any() { throw new UnsupportedOperationException(); }

  public static @NotNull ModalityState nonModal() { throw new UnsupportedOperationException(); }
}
