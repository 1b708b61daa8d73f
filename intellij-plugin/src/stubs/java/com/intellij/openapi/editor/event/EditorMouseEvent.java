package com.intellij.openapi.editor.event;

import com.intellij.openapi.editor.Inlay;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.awt.event.MouseEvent;

// The raw Inlay return type is the platform's own.
@SuppressWarnings("rawtypes")
public class EditorMouseEvent {
  private EditorMouseEvent() { throw new UnsupportedOperationException(); }

  public @NotNull MouseEvent getMouseEvent() { throw new UnsupportedOperationException(); }

  public void consume() { throw new UnsupportedOperationException(); }

  public @Nullable Inlay getInlay() { throw new UnsupportedOperationException(); }
}
