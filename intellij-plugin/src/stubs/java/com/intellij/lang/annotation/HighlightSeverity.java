package com.intellij.lang.annotation;

public final class HighlightSeverity {
  public final int myVal;

  public static final HighlightSeverity INFORMATION = null;

  private HighlightSeverity() { myVal = 0; }
}
