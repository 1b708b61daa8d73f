package com.intellij.psi;

import org.jetbrains.annotations.NotNull;

public abstract class PsiRecursiveElementWalkingVisitor extends PsiElementVisitor {
  protected PsiRecursiveElementWalkingVisitor() { throw new UnsupportedOperationException(); }

  @Override
  public void visitElement(@NotNull PsiElement element) { throw new UnsupportedOperationException(); }
}
