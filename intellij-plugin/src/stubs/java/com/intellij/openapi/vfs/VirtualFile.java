package com.intellij.openapi.vfs;

import com.intellij.openapi.fileTypes.FileType;
import org.jetbrains.annotations.NotNull;

public abstract class VirtualFile {
  protected VirtualFile() { throw new UnsupportedOperationException(); }

  public @NotNull String getUrl() { throw new UnsupportedOperationException(); }

  public @NotNull FileType getFileType() { throw new UnsupportedOperationException(); }

  public abstract @NotNull String getName();
}
