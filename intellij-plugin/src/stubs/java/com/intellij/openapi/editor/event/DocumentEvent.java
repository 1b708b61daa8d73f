package com.intellij.openapi.editor.event;

import com.intellij.openapi.editor.Document;
import org.jetbrains.annotations.NotNull;

public abstract class DocumentEvent {
  protected DocumentEvent(@NotNull Document document) { throw new UnsupportedOperationException(); }

  public abstract @NotNull Document getDocument();

  public abstract int getOffset();

  public abstract @NotNull CharSequence getOldFragment();

  public abstract @NotNull CharSequence getNewFragment();
}
