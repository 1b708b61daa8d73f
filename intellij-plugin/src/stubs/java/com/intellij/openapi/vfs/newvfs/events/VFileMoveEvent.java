package com.intellij.openapi.vfs.newvfs.events;

import org.jetbrains.annotations.NotNull;

public final class VFileMoveEvent extends VFileEvent {
  private VFileMoveEvent() { throw new UnsupportedOperationException(); }

  public @NotNull String getOldPath() { throw new UnsupportedOperationException(); }

  public @NotNull String getNewPath() { throw new UnsupportedOperationException(); }
}
