package com.intellij.openapi.editor.actionSystem;

import com.intellij.openapi.actionSystem.AnAction;

public abstract class EditorAction extends AnAction {
  private EditorAction() { throw new UnsupportedOperationException(); }

  public final EditorActionHandler getHandler() { throw new UnsupportedOperationException(); }
}
