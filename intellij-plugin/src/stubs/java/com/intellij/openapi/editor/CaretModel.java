package com.intellij.openapi.editor;

import org.jetbrains.annotations.NotNull;

public interface CaretModel {
  @NotNull LogicalPosition getLogicalPosition();

  void moveToLogicalPosition(@NotNull LogicalPosition pos);
}
