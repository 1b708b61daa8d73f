package com.intellij.openapi.command.impl;

import com.intellij.openapi.command.undo.BasicUndoableAction;
import com.intellij.openapi.editor.Editor;
import com.intellij.openapi.project.Project;

public final class StartMarkAction extends BasicUndoableAction {
  private StartMarkAction() { throw new UnsupportedOperationException(); }

  @Override
  public void undo() { throw new UnsupportedOperationException(); }

  @Override
  public void redo() { throw new UnsupportedOperationException(); }

  public static StartMarkAction start(Editor editor, Project project, String commandName) throws AlreadyStartedException {
    throw new UnsupportedOperationException();
  }

  public static class AlreadyStartedException extends Exception {
    private AlreadyStartedException() { throw new UnsupportedOperationException(); }
  }
}
