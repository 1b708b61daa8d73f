package com.intellij.codeInsight.inline.completion

abstract class InlineCompletionHandler private constructor() {
    fun addEventListener(listener: InlineCompletionEventListener): Unit = TODO()
}
