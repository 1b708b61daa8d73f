package com.intellij.ide;

import com.intellij.openapi.actionSystem.DataContext;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

import java.awt.Component;

public abstract class DataManager {
  private DataManager() { throw new UnsupportedOperationException(); }

  public static DataManager getInstance() { throw new UnsupportedOperationException(); }

  public abstract @NotNull DataContext getDataContext(@Nullable Component component);
}
