package com.intellij.psi.codeStyle;

import com.intellij.openapi.project.Project;
import com.intellij.openapi.util.TextRange;
import com.intellij.psi.PsiFile;
import org.jetbrains.annotations.NotNull;

import java.util.Collection;

public abstract class CodeStyleManager {
  public static @NotNull CodeStyleManager getInstance(@NotNull Project project) { throw new UnsupportedOperationException(); }

  public abstract void reformatText(@NotNull PsiFile file, @NotNull Collection<? extends TextRange> ranges);
}
