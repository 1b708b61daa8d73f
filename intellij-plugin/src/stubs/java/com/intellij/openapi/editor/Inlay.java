package com.intellij.openapi.editor;

import com.intellij.openapi.Disposable;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.awt.Rectangle;

public interface Inlay<T extends EditorCustomElementRenderer> extends Disposable {
  @NotNull Editor getEditor();

  boolean isValid();

  int getOffset();

  @Nullable Rectangle getBounds();

  @NotNull T getRenderer();
}
