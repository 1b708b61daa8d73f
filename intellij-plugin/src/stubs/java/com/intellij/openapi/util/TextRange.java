package com.intellij.openapi.util;

public class TextRange {
  public TextRange(int startOffset, int endOffset) { throw new UnsupportedOperationException(); }
}
