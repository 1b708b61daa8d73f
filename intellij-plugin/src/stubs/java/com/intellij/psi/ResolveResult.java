package com.intellij.psi;

import org.jetbrains.annotations.Nullable;

public interface ResolveResult {
  @Nullable PsiElement getElement();
}
