package dev.redline.core

import dev.redline.core.nextedit.KeyContext

/**
 * Esc while a reply streams. Redline's Esc handler runs before the platform's own (`order="first"`), and those
 * close, in the IDE's order, the completion popup and the hints shown to hide on Esc (codeInsight.hint.
 * EscapeHandler: parameter info, error tooltips), a live template or an in-place rename, ghost text. Esc is the
 * stream's only when none of them wants it: a user typing in the streaming file may close a popup without
 * losing the edit.
 */
object StreamKeys {
    sealed interface Esc {
        data object StepAside : Esc
        data class Cancel(val sessionId: String) : Esc
    }

    /** [streaming]: the session streaming in the editor's document, if any. */
    fun escape(streaming: String?, context: KeyContext): Esc =
        if (streaming == null || context.escapeTakenElsewhere) Esc.StepAside else Esc.Cancel(streaming)
}

/**
 * How a key handler wrapping the platform's own (Redline's Tab and Esc) answers the platform's questions.
 * EditorAction.actionPerformed asks the outermost handler whether to run in a command, and for its command
 * group; the handler chain is then run per caret when it says runForAllCarets. A key the wrapper leaves alone
 * must run exactly as the wrapped handler would: the group Tab's command merges into, Esc run for each caret.
 * A key Redline takes changes no document there and then (a verdict or a cancel is a request to the sidecar, a
 * jump moves the caret), so it needs no command, and a command would end the undo group the document has
 * pending, one more group against the undo windows.
 */
object WrappedKeys {
    fun executeInCommand(redlineTakesKey: Boolean, wrapped: () -> Boolean): Boolean = !redlineTakesKey && wrapped()
}
