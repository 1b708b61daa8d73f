package com.intellij.credentialStore

fun generateServiceName(subsystem: String, key: String): String = TODO()

class CredentialAttributes(serviceName: String)
