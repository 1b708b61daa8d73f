package com.intellij.openapi.roots;

import com.intellij.openapi.project.Project;
import com.intellij.openapi.vfs.VirtualFile;
import org.jetbrains.annotations.NotNull;

public abstract class ProjectRootManager {
  public static ProjectRootManager getInstance(@NotNull Project project) { throw new UnsupportedOperationException("stub"); }

  public abstract @NotNull VirtualFile[] getContentRoots();
}
