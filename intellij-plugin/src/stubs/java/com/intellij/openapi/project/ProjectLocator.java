package com.intellij.openapi.project;

import com.intellij.openapi.vfs.VirtualFile;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class ProjectLocator {
  public static ProjectLocator getInstance() { throw new UnsupportedOperationException(); }

  public abstract @Nullable Project guessProjectForFile(@NotNull VirtualFile file);
}
