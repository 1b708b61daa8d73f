package com.intellij.openapi.editor.markup;

public class TextAttributes {
}
