package com.intellij.openapi.command.undo;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;

public abstract class UndoManager {
  public static UndoManager getInstance(@NotNull Project project) { throw new UnsupportedOperationException(); }

  public abstract void undoableActionPerformed(@NotNull UndoableAction action);

  public boolean isUndoOrRedoInProgress() { throw new UnsupportedOperationException(); }
}
