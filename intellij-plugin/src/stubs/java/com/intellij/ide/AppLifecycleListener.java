package com.intellij.ide;

public interface AppLifecycleListener {
  default void appWillBeClosed(boolean isRestart) { }
}
