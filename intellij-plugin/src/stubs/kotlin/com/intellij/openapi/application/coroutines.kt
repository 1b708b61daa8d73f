package com.intellij.openapi.application

suspend fun <T> readAction(action: () -> T): T = TODO()
