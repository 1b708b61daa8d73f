package com.intellij.openapi.editor;

import org.jetbrains.annotations.NotNull;

public interface CaretModel {
  @NotNull LogicalPosition getLogicalPosition();

  int getOffset();

  @NotNull Caret getPrimaryCaret();

  void moveToLogicalPosition(@NotNull LogicalPosition pos);

  default void moveToOffset(int offset) { throw new UnsupportedOperationException(); }
}
