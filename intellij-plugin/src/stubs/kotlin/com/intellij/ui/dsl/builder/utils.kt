package com.intellij.ui.dsl.builder

import javax.swing.event.HyperlinkEvent

const val DEFAULT_COMMENT_WIDTH: Int = 70

fun interface HyperlinkEventAction {
    companion object {
        @JvmField
        val HTML_HYPERLINK_INSTANCE: HyperlinkEventAction = TODO()
    }

    fun hyperlinkActivated(e: HyperlinkEvent)
}
