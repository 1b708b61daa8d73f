package com.intellij.psi;

import org.jetbrains.annotations.NotNull;

public interface PsiPolyVariantReference extends PsiReference {
  @NotNull ResolveResult[] multiResolve(boolean incompleteCode);
}
