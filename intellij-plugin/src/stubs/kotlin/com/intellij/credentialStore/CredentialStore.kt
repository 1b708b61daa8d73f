package com.intellij.credentialStore

interface CredentialStore {
    fun getPassword(attributes: CredentialAttributes): String? = TODO()

    fun setPassword(attributes: CredentialAttributes, password: String?): Unit = TODO()
}
