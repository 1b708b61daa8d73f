package com.intellij.openapi.fileEditor;

import com.intellij.openapi.editor.Document;
import com.intellij.openapi.vfs.VirtualFile;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class FileDocumentManager {
  public static @NotNull FileDocumentManager getInstance() { throw new UnsupportedOperationException(); }

  public abstract @Nullable VirtualFile getFile(@NotNull Document document);

  public abstract @Nullable Document getCachedDocument(@NotNull VirtualFile file);
}
