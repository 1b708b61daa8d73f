package com.intellij.openapi.project;

public interface Project {
}
