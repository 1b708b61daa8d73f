package com.intellij.psi;

import com.intellij.openapi.util.TextRange;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface PsiReference {
  @NotNull PsiElement getElement();

  @NotNull TextRange getRangeInElement();

  @Nullable PsiElement resolve();

  @NotNull String getCanonicalText();

  boolean isSoft();
}
