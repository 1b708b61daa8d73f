package com.intellij.openapi.actionSystem;

public enum ActionUpdateThread {
  BGT,
  EDT
}
