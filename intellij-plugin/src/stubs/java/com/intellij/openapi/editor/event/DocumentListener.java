package com.intellij.openapi.editor.event;

import org.jetbrains.annotations.NotNull;

import java.util.EventListener;

public interface DocumentListener extends EventListener {
  default void documentChanged(@NotNull DocumentEvent event) { throw new UnsupportedOperationException(); }
}
