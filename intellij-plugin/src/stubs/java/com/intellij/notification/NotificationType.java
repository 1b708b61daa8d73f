package com.intellij.notification;

public enum NotificationType {
  INFORMATION,
  WARNING,
  ERROR
}
