package com.intellij.openapi.actionSystem;

import com.intellij.openapi.editor.Editor;

public class CommonDataKeys {
  public static final DataKey<Editor> EDITOR = null;
}
