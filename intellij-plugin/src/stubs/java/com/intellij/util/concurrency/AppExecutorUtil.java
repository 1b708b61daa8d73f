package com.intellij.util.concurrency;

import org.jetbrains.annotations.NotNull;

import java.util.concurrent.ScheduledExecutorService;

public final class AppExecutorUtil {
  private AppExecutorUtil() { throw new UnsupportedOperationException(); }

  public static @NotNull ScheduledExecutorService getAppScheduledExecutorService() { throw new UnsupportedOperationException(); }
}
