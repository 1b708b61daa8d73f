package com.intellij.openapi.keymap;

import org.jetbrains.annotations.NotNull;

public final class KeymapUtil {
  private KeymapUtil() { throw new UnsupportedOperationException(); }

  public static @NotNull String getFirstKeyboardShortcutText(@NotNull String actionId) { throw new UnsupportedOperationException(); }
}
