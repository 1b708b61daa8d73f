package com.intellij.openapi.editor;

public enum ScrollType {
  RELATIVE, CENTER, MAKE_VISIBLE, CENTER_UP, CENTER_DOWN
}
