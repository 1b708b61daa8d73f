package com.intellij.openapi.actionSystem;

public interface DataContext {
}
