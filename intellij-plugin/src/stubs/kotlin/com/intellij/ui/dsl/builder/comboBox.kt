package com.intellij.ui.dsl.builder

import com.intellij.openapi.ui.ComboBox

fun <T, C : ComboBox<T>> Cell<C>.bindItem(getter: () -> T?, setter: (T?) -> Unit): Cell<C> = TODO()
