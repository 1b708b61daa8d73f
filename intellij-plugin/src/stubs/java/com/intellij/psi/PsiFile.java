package com.intellij.psi;

// The platform's PsiFile extends PsiFileSystemItem; the adapter relies only on its being a PsiElement.
public interface PsiFile extends PsiElement {
}
