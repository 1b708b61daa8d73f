package com.intellij.openapi.editor;

public interface RangeMarker {
  int getStartOffset();

  int getEndOffset();

  boolean isValid();

  void dispose();
}
