package com.intellij.codeInsight.inline.completion.session

import com.intellij.openapi.editor.Editor

class InlineCompletionSession private constructor() {
    companion object {
        fun getOrNull(editor: Editor): InlineCompletionSession? = TODO()
    }
}
