package com.intellij.openapi.editor;

public interface SelectionModel {
  int getSelectionStart();

  int getSelectionEnd();

  default void removeSelection() { throw new UnsupportedOperationException(); }
}
