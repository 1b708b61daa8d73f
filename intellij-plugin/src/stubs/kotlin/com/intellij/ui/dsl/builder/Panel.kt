package com.intellij.ui.dsl.builder

import javax.swing.JLabel

interface Panel {
    fun row(label: String, init: Row.() -> Unit): Row

    fun row(label: JLabel? = null, init: Row.() -> Unit): Row

    fun group(title: String? = null, indent: Boolean = true, init: Panel.() -> Unit): Row
}
