package com.intellij.openapi.command.impl;

import com.intellij.openapi.command.undo.BasicUndoableAction;
import com.intellij.openapi.editor.Editor;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.Nullable;

public final class FinishMarkAction extends BasicUndoableAction {
  private FinishMarkAction() { throw new UnsupportedOperationException(); }

  @Override
  public void undo() { throw new UnsupportedOperationException(); }

  @Override
  public void redo() { throw new UnsupportedOperationException(); }

  public static void finish(Project project, Editor editor, @Nullable StartMarkAction startAction) {
    throw new UnsupportedOperationException();
  }
}
