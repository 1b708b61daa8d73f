package com.intellij.openapi.editor.actionSystem;

import com.intellij.openapi.actionSystem.DataContext;
import com.intellij.openapi.editor.Caret;
import com.intellij.openapi.editor.Editor;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class EditorActionHandler {
  protected EditorActionHandler() { throw new UnsupportedOperationException(); }

  protected boolean isEnabledForCaret(@NotNull Editor editor, @NotNull Caret caret, DataContext dataContext) { throw new UnsupportedOperationException(); }

  public final boolean isEnabled(@NotNull Editor editor, @Nullable Caret caret, DataContext dataContext) { throw new UnsupportedOperationException(); }

  protected void doExecute(@NotNull Editor editor, @Nullable Caret caret, DataContext dataContext) { throw new UnsupportedOperationException(); }

  public final void execute(@NotNull Editor editor, @Nullable Caret contextCaret, @Nullable DataContext dataContext) { throw new UnsupportedOperationException(); }

  public boolean executeInCommand(@NotNull Editor editor, DataContext dataContext) { throw new UnsupportedOperationException(); }

  public boolean runForAllCarets() { throw new UnsupportedOperationException(); }

  public DocCommandGroupId getCommandGroupId(@NotNull Editor editor) { throw new UnsupportedOperationException(); }
}
