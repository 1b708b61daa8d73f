package com.intellij.openapi.vfs.newvfs.events;

public final class VFileDeleteEvent extends VFileEvent {
  private VFileDeleteEvent() { throw new UnsupportedOperationException(); }
}
