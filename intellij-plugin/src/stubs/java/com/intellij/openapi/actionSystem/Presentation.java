package com.intellij.openapi.actionSystem;

public final class Presentation {
  public boolean isEnabled() { throw new UnsupportedOperationException(); }

  public void setEnabled(boolean enabled) { throw new UnsupportedOperationException(); }
}
