package com.intellij.openapi.ui.popup;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import javax.swing.JComponent;

public abstract class JBPopupFactory {
  public static JBPopupFactory getInstance() { throw new UnsupportedOperationException(); }

  public abstract @NotNull ComponentPopupBuilder createComponentPopupBuilder(@NotNull JComponent content,
                                                                             @Nullable JComponent preferableFocusComponent);
}
