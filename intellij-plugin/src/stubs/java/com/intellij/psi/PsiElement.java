package com.intellij.psi;

import com.intellij.openapi.project.Project;
import com.intellij.openapi.util.TextRange;
import org.jetbrains.annotations.NotNull;

public interface PsiElement {
  @NotNull Project getProject();

  TextRange getTextRange();

  String getText();

  void accept(@NotNull PsiElementVisitor visitor);

  @NotNull PsiReference[] getReferences();
}
