package com.intellij.openapi.diagnostic

inline fun <reified T : Any> logger(): Logger = TODO()
