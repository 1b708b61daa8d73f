package com.intellij.openapi.project;

import org.jetbrains.annotations.NotNull;

public abstract class ProjectManager {
  public static ProjectManager getInstance() { throw new UnsupportedOperationException("stub"); }

  public abstract @NotNull Project[] getOpenProjects();
}
