package com.intellij.openapi.components

inline fun <reified T : Any> service(): T = TODO()

inline fun <reified T : Any> serviceIfCreated(): T? = TODO()
