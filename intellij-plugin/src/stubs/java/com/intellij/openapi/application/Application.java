package com.intellij.openapi.application;

import com.intellij.openapi.util.Computable;
import com.intellij.openapi.util.ThrowableComputable;
import org.jetbrains.annotations.NotNull;

import java.util.concurrent.Callable;
import java.util.concurrent.Future;

// Every overload of the methods used is declared: a bare Kotlin lambda must resolve among all of them.
public interface Application {
  void runWriteAction(@NotNull Runnable action);

  <T> T runWriteAction(@NotNull Computable<T> computation);

  <T, E extends Throwable> T runWriteAction(@NotNull ThrowableComputable<T, E> computation) throws E;

  <T> T runReadAction(@NotNull Computable<T> computation);

  <T, E extends Throwable> T runReadAction(@NotNull ThrowableComputable<T, E> computation) throws E;

  void runReadAction(@NotNull Runnable action);

  void invokeLater(@NotNull Runnable runnable);

  void invokeLater(@NotNull Runnable runnable, @NotNull ModalityState state);

  @NotNull Future<?> executeOnPooledThread(@NotNull Runnable action);

  @NotNull <T> Future<T> executeOnPooledThread(@NotNull Callable<T> action);
}
