package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;

public abstract class AnAction {
  public AnAction() { throw new UnsupportedOperationException(); }

  public @NotNull ActionUpdateThread getActionUpdateThread() { throw new UnsupportedOperationException(); }

  public void update(@NotNull AnActionEvent e) { throw new UnsupportedOperationException(); }

  public abstract void actionPerformed(@NotNull AnActionEvent e);
}
