package com.intellij.openapi.fileTypes;

import com.intellij.lang.Language;
import org.jetbrains.annotations.NotNull;

public abstract class LanguageFileType implements FileType {
  private LanguageFileType() { throw new UnsupportedOperationException(); }

  public final @NotNull Language getLanguage() { throw new UnsupportedOperationException(); }
}
