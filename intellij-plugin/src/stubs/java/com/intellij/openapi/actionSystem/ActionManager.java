package com.intellij.openapi.actionSystem;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public abstract class ActionManager {
  private ActionManager() { throw new UnsupportedOperationException(); }

  public static ActionManager getInstance() { throw new UnsupportedOperationException(); }

  public abstract @Nullable AnAction getAction(@NotNull String actionId);
}
