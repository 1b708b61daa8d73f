package com.intellij.openapi.command.undo;

import com.intellij.openapi.editor.Document;
import org.jetbrains.annotations.NotNull;

public abstract class BasicUndoableAction implements UndoableAction {
  public BasicUndoableAction() { throw new UnsupportedOperationException(); }

  public BasicUndoableAction(@NotNull Document... docs) { throw new UnsupportedOperationException(); }

  @Override
  public DocumentReference[] getAffectedDocuments() { throw new UnsupportedOperationException(); }

  @Override
  public boolean isGlobal() { throw new UnsupportedOperationException(); }
}
