package com.intellij.ui.dsl.builder

import com.intellij.openapi.ui.ComboBox
import com.intellij.ui.components.JBCheckBox
import com.intellij.ui.components.JBPasswordField
import com.intellij.ui.components.JBTextField
import javax.swing.ListCellRenderer

interface Row {
    fun checkBox(text: String): Cell<JBCheckBox>

    fun textField(): Cell<JBTextField>

    fun passwordField(): Cell<JBPasswordField>

    fun intTextField(range: IntRange? = null, keyboardStep: Int? = null): Cell<JBTextField>

    fun <T> comboBox(items: Collection<T>, renderer: ListCellRenderer<in T?>? = null): Cell<ComboBox<T>>
}
