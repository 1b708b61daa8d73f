package com.intellij.lang;

import org.jetbrains.annotations.NotNull;

public abstract class Language {
  private Language() { throw new UnsupportedOperationException(); }

  public @NotNull String getID() { throw new UnsupportedOperationException(); }
}
