package com.intellij.codeInsight.inline.completion

import com.intellij.openapi.editor.Editor

object InlineCompletion {
    fun getHandlerOrNull(editor: Editor): InlineCompletionHandler? = TODO()
}
