package com.intellij.codeInsight.inline.completion.elements

class InlineCompletionGrayTextElement(text: String) : InlineCompletionElement
