package com.intellij.util.xmlb;

import org.jetbrains.annotations.NotNull;

public final class XmlSerializerUtil {
  private XmlSerializerUtil() { throw new UnsupportedOperationException(); }

  public static <T> void copyBean(@NotNull T from, @NotNull T to) { throw new UnsupportedOperationException(); }
}
