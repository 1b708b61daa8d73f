package com.intellij.openapi.command.undo;

// A Kotlin interface in the newest sources (UndoableAction.kt), with the same members as seen from Java.
public interface UndoableAction {
  void undo() throws UnexpectedUndoException;

  void redo() throws UnexpectedUndoException;

  DocumentReference[] getAffectedDocuments();

  boolean isGlobal();
}
