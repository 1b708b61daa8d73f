package com.intellij.openapi.vfs.newvfs.events;

import org.jetbrains.annotations.NotNull;

public final class VFilePropertyChangeEvent extends VFileEvent {
  private VFilePropertyChangeEvent() { throw new UnsupportedOperationException(); }

  public boolean isRename() { throw new UnsupportedOperationException(); }

  public @NotNull String getOldPath() { throw new UnsupportedOperationException(); }

  public @NotNull String getNewPath() { throw new UnsupportedOperationException(); }
}
