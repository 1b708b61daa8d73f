package com.intellij.openapi.util;

public class TextRange {
  public TextRange(int startOffset, int endOffset) { throw new UnsupportedOperationException(); }

  public final int getStartOffset() { throw new UnsupportedOperationException(); }

  public final int getEndOffset() { throw new UnsupportedOperationException(); }

  public final int getLength() { throw new UnsupportedOperationException(); }
}
