package com.intellij.codeInsight.inline.completion

import com.intellij.openapi.editor.Document
import com.intellij.openapi.editor.Editor
import com.intellij.openapi.util.UserDataHolder

class InlineCompletionRequest private constructor() {
    val event: InlineCompletionEvent get() = TODO()
    val document: Document get() = TODO()
    val endOffset: Int get() = TODO()
}

interface InlineCompletionEvent {
    fun toRequest(): InlineCompletionRequest?

    class DirectCall private constructor() : InlineCompletionEvent {
        val editor: Editor get() = TODO()
        override fun toRequest(): InlineCompletionRequest? = TODO()
    }

    class ManualCall(val editor: Editor, val providerId: InlineCompletionProviderID, val additionalData: UserDataHolder) : InlineCompletionEvent {
        override fun toRequest(): InlineCompletionRequest? = TODO()
    }

    class DocumentChange private constructor() : InlineCompletionEvent {
        val editor: Editor get() = TODO()
        override fun toRequest(): InlineCompletionRequest? = TODO()
    }
}
