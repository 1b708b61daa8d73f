package com.intellij.openapi.editor.event;

import com.intellij.openapi.editor.Editor;
import org.jetbrains.annotations.NotNull;

public class EditorFactoryEvent {
  private EditorFactoryEvent() { throw new UnsupportedOperationException(); }

  public @NotNull Editor getEditor() { throw new UnsupportedOperationException(); }
}
