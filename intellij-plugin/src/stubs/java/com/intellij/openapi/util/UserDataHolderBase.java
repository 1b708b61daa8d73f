package com.intellij.openapi.util;

public class UserDataHolderBase {
  public UserDataHolderBase() { throw new UnsupportedOperationException(); }
}
