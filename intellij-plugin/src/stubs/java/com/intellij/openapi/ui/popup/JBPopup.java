package com.intellij.openapi.ui.popup;

import com.intellij.openapi.editor.Editor;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.awt.event.InputEvent;

public interface JBPopup {
  void showInBestPositionFor(@NotNull Editor editor);

  void closeOk(@Nullable InputEvent e);
}
