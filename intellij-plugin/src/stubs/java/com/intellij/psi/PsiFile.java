package com.intellij.psi;

import com.intellij.openapi.vfs.VirtualFile;
import org.jetbrains.annotations.Nullable;

public interface PsiFile {
  /** Null for a file that exists only in memory. */
  @Nullable VirtualFile getVirtualFile();
}
