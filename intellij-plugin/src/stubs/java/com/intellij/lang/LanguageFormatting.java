package com.intellij.lang;

import com.intellij.formatting.FormattingModelBuilder;
import com.intellij.psi.PsiElement;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

// The platform's class extends LanguageExtension<FormattingModelBuilder>; the adapter uses only forContext.
public final class LanguageFormatting {
  public static final LanguageFormatting INSTANCE = null;

  private LanguageFormatting() { throw new UnsupportedOperationException(); }

  public @Nullable FormattingModelBuilder forContext(@NotNull PsiElement context) { throw new UnsupportedOperationException(); }
}
