package com.intellij.ide.passwordSafe

import com.intellij.credentialStore.CredentialStore

abstract class PasswordSafe : CredentialStore {
    companion object {
        @JvmStatic
        val instance: PasswordSafe get() = TODO()
    }
}
