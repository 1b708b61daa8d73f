package com.intellij.openapi.editor.event;

import com.intellij.openapi.Disposable;
import org.jetbrains.annotations.NotNull;

public interface EditorEventMulticaster {
  void addDocumentListener(@NotNull DocumentListener listener, @NotNull Disposable parentDisposable);
}
