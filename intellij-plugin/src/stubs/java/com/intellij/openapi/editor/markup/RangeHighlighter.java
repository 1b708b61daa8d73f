package com.intellij.openapi.editor.markup;

import com.intellij.openapi.editor.RangeMarker;

public interface RangeHighlighter extends RangeMarker {
}
