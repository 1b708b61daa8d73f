package com.intellij.openapi.editor;

import com.intellij.openapi.editor.markup.TextAttributes;
import org.jetbrains.annotations.NotNull;

import java.awt.Graphics;
import java.awt.Rectangle;

// The raw Inlay parameters are the platform's own.
@SuppressWarnings("rawtypes")
public interface EditorCustomElementRenderer {
  int calcWidthInPixels(@NotNull Inlay inlay);

  default void paint(@NotNull Inlay inlay, @NotNull Graphics g, @NotNull Rectangle targetRegion, @NotNull TextAttributes textAttributes) { throw new UnsupportedOperationException(); }
}
