package com.intellij.codeInsight.inline.completion

import java.util.EventListener

sealed class InlineCompletionEventType {
    class Show private constructor() : InlineCompletionEventType()

    class Change private constructor() : InlineCompletionEventType() {
        val lengthChange: Int get() = TODO()
    }

    data object Insert : InlineCompletionEventType()

    class Hide private constructor() : InlineCompletionEventType()
}

interface InlineCompletionEventListener : EventListener {
    fun on(event: InlineCompletionEventType)
}

interface InlineCompletionEventAdapter : InlineCompletionEventListener {
    override fun on(event: InlineCompletionEventType): Unit = TODO()
    fun onShow(event: InlineCompletionEventType.Show): Unit = TODO()
    fun onChange(event: InlineCompletionEventType.Change): Unit = TODO()
    fun onInsert(event: InlineCompletionEventType.Insert): Unit = TODO()
    fun onHide(event: InlineCompletionEventType.Hide): Unit = TODO()
}
