package com.intellij.codeInsight.inline.completion.elements

interface InlineCompletionElement
