package com.intellij.openapi.command;

import org.jetbrains.annotations.NotNull;

import java.util.EventListener;

public interface CommandListener extends EventListener {
  default void commandStarted(@NotNull CommandEvent event) { }

  default void commandFinished(@NotNull CommandEvent event) { }

  default void undoTransparentActionStarted() { }

  default void undoTransparentActionFinished() { }
}
