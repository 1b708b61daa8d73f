package com.intellij.codeInsight.inline.completion

import com.intellij.openapi.editor.Document

class InlineCompletionRequest private constructor() {
    val event: InlineCompletionEvent get() = TODO()
    val document: Document get() = TODO()
    val endOffset: Int get() = TODO()
}

interface InlineCompletionEvent {
    class DirectCall private constructor() : InlineCompletionEvent

    class DocumentChange private constructor() : InlineCompletionEvent
}
