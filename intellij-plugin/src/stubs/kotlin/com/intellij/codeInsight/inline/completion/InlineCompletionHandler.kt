package com.intellij.codeInsight.inline.completion

import com.intellij.openapi.Disposable

abstract class InlineCompletionHandler private constructor() {
    fun addEventListener(listener: InlineCompletionEventListener, parentDisposable: Disposable): Unit = TODO()

    fun invokeEvent(event: InlineCompletionEvent): Unit = TODO()
}
