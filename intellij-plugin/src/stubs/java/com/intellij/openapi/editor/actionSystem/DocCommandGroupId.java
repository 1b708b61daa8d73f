package com.intellij.openapi.editor.actionSystem;

public final class DocCommandGroupId {
  private DocCommandGroupId() { throw new UnsupportedOperationException(); }
}
