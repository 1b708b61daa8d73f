package com.intellij.ui.dsl.builder

import com.intellij.openapi.ui.DialogPanel

fun panel(init: Panel.() -> Unit): DialogPanel = TODO()
