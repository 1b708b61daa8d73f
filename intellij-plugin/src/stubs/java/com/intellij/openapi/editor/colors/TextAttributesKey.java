package com.intellij.openapi.editor.colors;

import org.jetbrains.annotations.NotNull;

public final class TextAttributesKey {
  private TextAttributesKey() { throw new UnsupportedOperationException(); }

  public static @NotNull TextAttributesKey createTextAttributesKey(@NotNull String externalName) { throw new UnsupportedOperationException(); }
}
