package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class AnActionEvent {
  private AnActionEvent() { throw new UnsupportedOperationException(); }

  public @Nullable <T> T getData(@NotNull DataKey<T> key) { throw new UnsupportedOperationException(); }

  public @NotNull Presentation getPresentation() { throw new UnsupportedOperationException(); }
}
