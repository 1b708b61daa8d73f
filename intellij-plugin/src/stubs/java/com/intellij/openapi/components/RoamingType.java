package com.intellij.openapi.components;

public enum RoamingType {
  DISABLED,
  DEFAULT
}
