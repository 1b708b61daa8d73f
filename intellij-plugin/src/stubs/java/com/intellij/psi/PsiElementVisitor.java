package com.intellij.psi;

import org.jetbrains.annotations.NotNull;

public abstract class PsiElementVisitor {
  public void visitElement(@NotNull PsiElement element) { throw new UnsupportedOperationException(); }
}
