package com.intellij.openapi.vfs.newvfs.events;

public final class VFileContentChangeEvent extends VFileEvent {
  private VFileContentChangeEvent() { throw new UnsupportedOperationException(); }
}
