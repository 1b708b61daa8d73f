package com.intellij.openapi.options

import com.intellij.openapi.ui.DialogPanel

abstract class BoundConfigurable(displayName: String, helpTopic: String? = null) {
    abstract fun createPanel(): DialogPanel

    open fun apply(): Unit = TODO()
}
