package com.intellij.openapi.fileEditor;

import com.intellij.openapi.editor.Document;
import org.jetbrains.annotations.NotNull;

public abstract class FileDocumentSynchronizationVetoer {
  public boolean maySaveDocument(@NotNull Document document, boolean isSaveExplicit) { throw new UnsupportedOperationException(); }
}
