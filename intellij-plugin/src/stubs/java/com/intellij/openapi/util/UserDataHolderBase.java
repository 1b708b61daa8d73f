package com.intellij.openapi.util;

public class UserDataHolderBase implements UserDataHolder {
  public UserDataHolderBase() { throw new UnsupportedOperationException(); }
}
