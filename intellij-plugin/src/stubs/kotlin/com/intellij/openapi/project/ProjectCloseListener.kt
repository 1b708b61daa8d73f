package com.intellij.openapi.project

interface ProjectCloseListener {
    fun projectClosed(project: Project) {}

    fun projectClosing(project: Project) {}

    fun projectClosingBeforeSave(project: Project) {}
}
