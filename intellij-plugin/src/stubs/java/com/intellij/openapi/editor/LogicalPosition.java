package com.intellij.openapi.editor;

public class LogicalPosition {
  public final int line;

  private LogicalPosition() { throw new UnsupportedOperationException(); }
}
