package com.intellij.openapi.editor;

import com.intellij.openapi.util.TextRange;
import org.jetbrains.annotations.NotNull;

public interface Document {
  @NotNull String getText();

  @NotNull CharSequence getImmutableCharSequence();

  @NotNull String getText(@NotNull TextRange range);

  default int getTextLength() { throw new UnsupportedOperationException(); }

  int getLineCount();

  int getLineNumber(int offset);

  int getLineStartOffset(int line);

  int getLineEndOffset(int line);

  void replaceString(int startOffset, int endOffset, @NotNull CharSequence s);
}
