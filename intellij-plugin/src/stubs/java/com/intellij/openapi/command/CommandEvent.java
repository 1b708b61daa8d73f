package com.intellij.openapi.command;

import org.jetbrains.annotations.Nullable;

import java.util.EventObject;

public class CommandEvent extends EventObject {
  private CommandEvent() { super(null); throw new UnsupportedOperationException(); }

  public @Nullable Object getCommandGroupId() { throw new UnsupportedOperationException(); }

  public @Nullable com.intellij.openapi.editor.Document getDocument() { throw new UnsupportedOperationException(); }
}
