package com.intellij.openapi.editor.event;

import org.jetbrains.annotations.NotNull;

import java.util.EventListener;

public interface EditorMouseListener extends EventListener {
  default void mouseClicked(@NotNull EditorMouseEvent event) { throw new UnsupportedOperationException(); }
}
