package com.intellij.util;

@FunctionalInterface
public interface Processor<T> {
  boolean process(T t);
}
