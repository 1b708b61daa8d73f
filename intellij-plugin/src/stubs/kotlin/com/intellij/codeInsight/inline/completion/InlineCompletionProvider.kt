package com.intellij.codeInsight.inline.completion

import com.intellij.codeInsight.inline.completion.suggestion.InlineCompletionSuggestion

interface InlineCompletionProvider {
    val id: InlineCompletionProviderID

    suspend fun getSuggestion(request: InlineCompletionRequest): InlineCompletionSuggestion

    fun isEnabled(event: InlineCompletionEvent): Boolean
}

@JvmInline
value class InlineCompletionProviderID(val id: String)
