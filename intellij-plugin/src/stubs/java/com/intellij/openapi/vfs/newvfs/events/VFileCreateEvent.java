package com.intellij.openapi.vfs.newvfs.events;

public final class VFileCreateEvent extends VFileEvent {
  private VFileCreateEvent() { throw new UnsupportedOperationException(); }
}
