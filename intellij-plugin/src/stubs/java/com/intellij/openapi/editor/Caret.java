package com.intellij.openapi.editor;

public interface Caret {
}
