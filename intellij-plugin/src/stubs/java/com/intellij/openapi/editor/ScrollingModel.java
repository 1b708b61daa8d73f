package com.intellij.openapi.editor;

import org.jetbrains.annotations.NotNull;

import java.awt.Rectangle;

public interface ScrollingModel {
  @NotNull Rectangle getVisibleArea();

  void scrollToCaret(@NotNull ScrollType scrollType);
}
