package com.intellij.openapi.vfs.newvfs.events;

public final class VFileCopyEvent extends VFileEvent {
  private VFileCopyEvent() { throw new UnsupportedOperationException(); }
}
