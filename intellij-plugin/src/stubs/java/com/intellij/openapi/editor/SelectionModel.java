package com.intellij.openapi.editor;

public interface SelectionModel {
  int getSelectionStart();

  int getSelectionEnd();

  default void setSelection(int startOffset, int endOffset) { throw new UnsupportedOperationException(); }

  default void removeSelection() { throw new UnsupportedOperationException(); }
}
