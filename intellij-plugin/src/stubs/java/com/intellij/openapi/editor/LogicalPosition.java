package com.intellij.openapi.editor;

public class LogicalPosition {
  public final int line;

  public final int column;

  public LogicalPosition(int line, int column) { throw new UnsupportedOperationException(); }
}
