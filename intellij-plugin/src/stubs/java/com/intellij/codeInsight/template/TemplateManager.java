package com.intellij.codeInsight.template;

import com.intellij.openapi.editor.Editor;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class TemplateManager {
  public static TemplateManager getInstance(Project project) { throw new UnsupportedOperationException(); }

  public abstract @Nullable Template getActiveTemplate(@NotNull Editor editor);
}
