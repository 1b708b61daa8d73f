package com.intellij.psi;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class PsiFileFactory {
  public static PsiFileFactory getInstance(Project project) { throw new UnsupportedOperationException(); }

  public abstract @Nullable PsiFile createFileFromText(@NotNull CharSequence chars, @NotNull PsiFile original);
}
