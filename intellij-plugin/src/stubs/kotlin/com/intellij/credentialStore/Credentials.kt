package com.intellij.credentialStore

class Credentials private constructor() {
    val userName: String? = TODO()

    fun getPasswordAsString(): String? = TODO()
}
