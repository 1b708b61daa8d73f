package com.intellij.codeInsight.hint;

public class HintManagerImpl {
  private HintManagerImpl() { throw new UnsupportedOperationException(); }

  public static HintManagerImpl getInstanceImpl() { throw new UnsupportedOperationException(); }

  public boolean isEscapeHandlerEnabled() { throw new UnsupportedOperationException(); }
}
