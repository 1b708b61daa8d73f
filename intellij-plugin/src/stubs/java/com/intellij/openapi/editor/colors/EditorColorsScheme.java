package com.intellij.openapi.editor.colors;

import org.jetbrains.annotations.NotNull;

import java.awt.Color;
import java.awt.Font;

public interface EditorColorsScheme {
  @NotNull Color getDefaultForeground();

  Font getFont(EditorFontType key);
}
