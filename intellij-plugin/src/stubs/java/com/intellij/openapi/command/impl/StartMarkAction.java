package com.intellij.openapi.command.impl;

import com.intellij.openapi.command.undo.BasicUndoableAction;
import com.intellij.openapi.editor.Editor;
import com.intellij.openapi.project.Project;
import com.intellij.openapi.util.Key;

public final class StartMarkAction extends BasicUndoableAction {
  public static final Key<StartMarkAction> START_MARK_ACTION_KEY = null;

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
