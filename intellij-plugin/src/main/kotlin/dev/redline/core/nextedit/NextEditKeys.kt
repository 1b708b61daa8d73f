package dev.redline.core.nextedit

/**
 * What Tab and Esc do while a next-edit hunk is shown, decided from facts the adapter reads off the
 * editor. Both step aside — the key does what it always does — unless a hunk of this document's
 * suggestion is shown and complete, and no one else has a claim on the key (a completion popup, a
 * live template, ghost text, which take Tab first; for Esc also a hint that Esc hides, such as parameter info). Tab accepts a hunk the user can see near the
 * caret; a hunk off screen or more than [NEAR_LINES] lines away it first jumps to, so nothing is
 * accepted unseen (the VS Code extension decides the same way).
 */
object NextEditKeys {
    const val NEAR_LINES = 5
    const val HINT = "Tab to accept, Esc to dismiss"
    const val JUMP_HINT = "Tab to jump here, Esc to dismiss"

    fun tab(hunk: ShownHunk?, context: KeyContext): TabAction {
        if (hunk == null || context.keyTakenElsewhere) return TabAction.StepAside
        val last = maxOf(hunk.start, hunk.end - 1)
        val onScreen = hunk.start >= context.firstVisibleLine && last <= context.lastVisibleLine
        val distance = if (hunk.start > context.caretLine) hunk.start - context.caretLine else maxOf(0, context.caretLine - last)
        return if (onScreen && distance <= NEAR_LINES) TabAction.Accept(hunk.sessionId) else TabAction.Jump(hunk.start)
    }

    /** The hint after [hunk]: what Tab would do now, were the key Redline's (a popup taking it is a moment's matter). */
    fun hint(hunk: ShownHunk, context: KeyContext?): String =
        if (context != null && tab(hunk, context.copy(keyTakenElsewhere = false)) is TabAction.Jump) JUMP_HINT else HINT

    fun escape(hunk: ShownHunk?, context: KeyContext): EscAction =
        if (hunk == null || context.escapeTakenElsewhere) EscAction.StepAside else EscAction.Dismiss(hunk.sessionId)
}

/** The hunk a suggestion shows: its session, and its document lines [start, end). */
data class ShownHunk(val sessionId: String, val start: Int, val end: Int)

/**
 * The editor at a key press: the caret's line, the lines on screen (inclusive), whether a completion popup, a
 * live template (an in-place rename is one) or ghost text wants the key, and whether something else wants
 * Esc ([escapeTakenElsewhere]: those, or a hint that Esc hides, such as parameter info).
 */
data class KeyContext(
    val caretLine: Int,
    val firstVisibleLine: Int,
    val lastVisibleLine: Int,
    val keyTakenElsewhere: Boolean,
    val escapeTakenElsewhere: Boolean = keyTakenElsewhere,
)

sealed interface TabAction {
    data object StepAside : TabAction
    data class Jump(val line: Int) : TabAction
    data class Accept(val sessionId: String) : TabAction
}

sealed interface EscAction {
    data object StepAside : EscAction
    data class Dismiss(val sessionId: String) : EscAction
}
