package com.intellij.ide.actions;

import com.intellij.notification.NotificationAction;
import org.jetbrains.annotations.NotNull;

public class ShowLogAction {
  private ShowLogAction() { throw new UnsupportedOperationException(); }

  public static @NotNull NotificationAction notificationAction() { throw new UnsupportedOperationException(); }
}
