package com.intellij.codeInspection;

import com.intellij.psi.PsiReference;
import org.jetbrains.annotations.NotNull;

public class ProblemsHolder {
  private ProblemsHolder() { throw new UnsupportedOperationException(); }

  public static @NotNull String unresolvedReferenceMessage(@NotNull PsiReference reference) { throw new UnsupportedOperationException(); }
}
