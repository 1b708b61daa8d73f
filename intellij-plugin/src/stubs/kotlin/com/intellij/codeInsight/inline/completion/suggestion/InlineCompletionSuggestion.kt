package com.intellij.codeInsight.inline.completion.suggestion

import com.intellij.codeInsight.inline.completion.elements.InlineCompletionElement
import com.intellij.openapi.util.UserDataHolderBase
import kotlinx.coroutines.flow.Flow

interface InlineCompletionSuggestion {
    object Empty : InlineCompletionSuggestion
}

interface InlineCompletionSingleSuggestion : InlineCompletionSuggestion {
    companion object {
        fun build(
            data: UserDataHolderBase = UserDataHolderBase(),
            elements: Flow<InlineCompletionElement>,
        ): InlineCompletionSingleSuggestion = TODO()
    }
}
