package com.intellij.notification;

import com.intellij.openapi.project.Project;
import org.jetbrains.annotations.Nullable;

public class Notification {
  private Notification() { throw new UnsupportedOperationException(); }

  public void notify(@Nullable Project project) { throw new UnsupportedOperationException(); }
}
