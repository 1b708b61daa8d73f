package com.intellij.openapi.command.undo;

public interface DocumentReference {
}
