package com.intellij.openapi.editor;

import com.intellij.openapi.Disposable;
import com.intellij.openapi.editor.event.EditorEventMulticaster;
import com.intellij.openapi.editor.event.EditorFactoryListener;
import org.jetbrains.annotations.NotNull;

public abstract class EditorFactory {
  public static EditorFactory getInstance() { throw new UnsupportedOperationException(); }

  public final @NotNull Editor[] getEditors(@NotNull Document document) { throw new UnsupportedOperationException(); }

  public abstract @NotNull Editor[] getAllEditors();

  public abstract void addEditorFactoryListener(@NotNull EditorFactoryListener listener, @NotNull Disposable parentDisposable);

  public abstract @NotNull EditorEventMulticaster getEventMulticaster();
}
