package com.intellij.openapi.command;

public enum UndoConfirmationPolicy {
  DEFAULT, DO_NOT_REQUEST_CONFIRMATION, REQUEST_CONFIRMATION
}
