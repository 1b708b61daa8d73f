package com.intellij.openapi.editor;

import org.jetbrains.annotations.NotNull;

public interface CaretModel {
  @NotNull LogicalPosition getLogicalPosition();

  default void moveToOffset(int offset) { throw new UnsupportedOperationException(); }
}
