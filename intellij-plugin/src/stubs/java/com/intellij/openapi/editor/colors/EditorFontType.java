package com.intellij.openapi.editor.colors;

public enum EditorFontType {
  ITALIC
}
