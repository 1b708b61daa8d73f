package com.intellij.openapi.editor.event;

import org.jetbrains.annotations.NotNull;

import java.util.EventListener;

public interface EditorFactoryListener extends EventListener {
  default void editorCreated(@NotNull EditorFactoryEvent event) { throw new UnsupportedOperationException(); }

  default void editorReleased(@NotNull EditorFactoryEvent event) { throw new UnsupportedOperationException(); }
}
