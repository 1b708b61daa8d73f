package com.intellij.codeInsight.daemon.impl;

import com.intellij.psi.PsiFile;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public interface HighlightInfoFilter {
  /** file: might (and will be) null. */
  boolean accept(@NotNull HighlightInfo highlightInfo, @Nullable PsiFile file);
}
