package com.intellij.openapi.util;

import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class UserDataHolderBase implements UserDataHolder {
  public UserDataHolderBase() { throw new UnsupportedOperationException(); }

  @Override
  public @Nullable <T> T getUserData(@NotNull Key<T> key) { throw new UnsupportedOperationException(); }

  @Override
  public <T> void putUserData(@NotNull Key<T> key, @Nullable T value) { throw new UnsupportedOperationException(); }
}
