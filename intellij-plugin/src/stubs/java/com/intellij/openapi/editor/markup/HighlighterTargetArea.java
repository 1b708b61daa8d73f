package com.intellij.openapi.editor.markup;

public enum HighlighterTargetArea {
  EXACT_RANGE
}
