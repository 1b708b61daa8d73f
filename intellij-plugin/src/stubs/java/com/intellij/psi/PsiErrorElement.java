package com.intellij.psi;

import org.jetbrains.annotations.NotNull;

public interface PsiErrorElement extends PsiElement {
  @NotNull String getErrorDescription();
}
