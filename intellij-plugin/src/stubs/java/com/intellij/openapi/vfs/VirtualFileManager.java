package com.intellij.openapi.vfs;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class VirtualFileManager {
  public static @NotNull VirtualFileManager getInstance() { throw new UnsupportedOperationException(); }

  public abstract @Nullable VirtualFile findFileByUrl(@NotNull String url);
}
