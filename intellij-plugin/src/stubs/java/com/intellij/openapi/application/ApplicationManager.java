package com.intellij.openapi.application;

public class ApplicationManager {
  public static Application getApplication() { throw new UnsupportedOperationException(); }
}
