package com.intellij.notification;

import org.jetbrains.annotations.NotNull;

public interface NotificationGroupManager {
  NotificationGroup getNotificationGroup(@NotNull String groupId);

  static NotificationGroupManager getInstance() { throw new UnsupportedOperationException(); }
}
