package com.intellij.codeInsight.daemon.impl;

import com.intellij.lang.annotation.HighlightSeverity;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class HighlightInfo {
  public final int startOffset;
  public final int endOffset;

  private HighlightInfo() { startOffset = 0; endOffset = 0; }

  public String getDescription() { throw new UnsupportedOperationException("stub"); }

  public @Nullable String getInspectionToolId() { throw new UnsupportedOperationException("stub"); }

  public @NotNull HighlightSeverity getSeverity() { throw new UnsupportedOperationException("stub"); }

  public int getActualStartOffset() { throw new UnsupportedOperationException("stub"); }

  public int getActualEndOffset() { throw new UnsupportedOperationException("stub"); }
}
