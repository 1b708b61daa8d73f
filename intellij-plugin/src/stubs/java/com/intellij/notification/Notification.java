package com.intellij.notification;

import com.intellij.openapi.actionSystem.AnAction;
import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.NotNull;
import org.jetbrains.annotations.Nullable;

public class Notification {
  private Notification() { throw new UnsupportedOperationException(); }

  public @NotNull Notification addAction(@NotNull AnAction action) { throw new UnsupportedOperationException(); }

  public void notify(@Nullable Project project) { throw new UnsupportedOperationException(); }

  /** platform/ide-core/src/com/intellij/notification/Notification.java: hides its balloon and takes it out of the list. */
  public void expire() { throw new UnsupportedOperationException(); }
}
