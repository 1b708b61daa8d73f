package com.intellij.util.net

import com.intellij.credentialStore.Credentials

interface ProxyCredentialStore {
    companion object {
        @JvmStatic
        fun getInstance(): ProxyCredentialStore = TODO()
    }

    fun getCredentials(host: String, port: Int): Credentials?
}
