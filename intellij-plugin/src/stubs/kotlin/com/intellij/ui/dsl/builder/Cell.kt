package com.intellij.ui.dsl.builder

import javax.swing.JComponent

interface Cell<out T : JComponent> {
    val component: T

    fun comment(
        comment: String?,
        maxLineLength: Int = DEFAULT_COMMENT_WIDTH,
        action: HyperlinkEventAction = HyperlinkEventAction.HTML_HYPERLINK_INSTANCE,
    ): Cell<T>
}
