package com.intellij.codeInsight.inline.completion

import com.intellij.openapi.editor.Editor

interface InlineCompletionInstallListener {
    fun handlerInstalled(editor: Editor, handler: InlineCompletionHandler): Unit = TODO()
}
