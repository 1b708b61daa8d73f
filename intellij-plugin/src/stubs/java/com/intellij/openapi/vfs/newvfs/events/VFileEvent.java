package com.intellij.openapi.vfs.newvfs.events;

import org.jetbrains.annotations.NotNull;

public abstract class VFileEvent {
  protected VFileEvent() { throw new UnsupportedOperationException(); }

  public @NotNull String getPath() { throw new UnsupportedOperationException(); }
}
