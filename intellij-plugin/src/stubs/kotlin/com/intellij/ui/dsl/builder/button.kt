package com.intellij.ui.dsl.builder

import javax.swing.AbstractButton
import kotlin.reflect.KMutableProperty0

fun <T : AbstractButton> Cell<T>.bindSelected(prop: KMutableProperty0<Boolean>): Cell<T> = TODO()
