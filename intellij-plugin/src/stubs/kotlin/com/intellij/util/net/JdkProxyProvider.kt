package com.intellij.util.net

import java.net.Authenticator
import java.net.ProxySelector

sealed interface JdkProxyProvider {
    val proxySelector: ProxySelector
    val authenticator: Authenticator

    companion object {
        @JvmStatic
        fun getInstance(): JdkProxyProvider = TODO()
    }
}
