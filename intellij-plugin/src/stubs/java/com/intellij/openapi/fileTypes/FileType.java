package com.intellij.openapi.fileTypes;

import org.jetbrains.annotations.NotNull;

public interface FileType {
  @NotNull String getName();
}
