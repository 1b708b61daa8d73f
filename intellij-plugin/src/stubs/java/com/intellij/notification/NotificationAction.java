package com.intellij.notification;

import com.intellij.openapi.actionSystem.AnAction;
import org.jetbrains.annotations.NotNull;

public abstract class NotificationAction extends AnAction {
  private NotificationAction() { throw new UnsupportedOperationException(); }

  public static @NotNull NotificationAction createSimpleExpiring(@NotNull String text, @NotNull Runnable action) { throw new UnsupportedOperationException(); }
}
