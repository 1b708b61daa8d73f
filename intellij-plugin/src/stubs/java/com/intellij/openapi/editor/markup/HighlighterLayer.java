package com.intellij.openapi.editor.markup;

public interface HighlighterLayer {
  int SELECTION = 6000;
}
