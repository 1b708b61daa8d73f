package com.intellij.psi;

import com.intellij.openapi.vfs.VirtualFile;
import org.jetbrains.annotations.Nullable;

// The platform's PsiFile extends PsiFileSystemItem; the adapter relies only on its being a PsiElement.
public interface PsiFile extends PsiElement {
  /** Null for a file that exists only in memory. */
  @Nullable VirtualFile getVirtualFile();
}
