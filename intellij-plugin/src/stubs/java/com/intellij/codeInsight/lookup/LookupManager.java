package com.intellij.codeInsight.lookup;

import com.intellij.openapi.editor.Editor;
import org.jetbrains.annotations.Nullable;

public abstract class LookupManager {
  public static @Nullable LookupEx getActiveLookup(@Nullable Editor editor) { throw new UnsupportedOperationException(); }
}
