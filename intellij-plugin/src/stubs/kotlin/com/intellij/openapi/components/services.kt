package com.intellij.openapi.components

inline fun <reified T : Any> service(): T = TODO()
