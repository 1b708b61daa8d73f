package dev.redline.core

/**
 * The selection an instruction was given for. Once the instruction is captured it is collapsed to a caret at
 * its start: left as it was, it would lie over the proposal's red and green lines and grow with the region
 * while the reply streams. It comes back when the session leaves the document as it found it (every hunk
 * rejected, cancelled, an error, no changes, or a start that failed) and the caret is still where the collapse
 * put it: the same lines selected again, ready for another instruction. The VS Code extension decides the same.
 */
class SelectionKeeper {
    private class Kept(val view: EditorView, val selection: Range, val caret: Position, val text: String)

    private val kept = HashMap<String, Kept>()

    /** On the UI thread: collapses [view]'s [selection] of a document whose text is [text]; [keep] it under the session's id once known. */
    fun collapse(view: EditorView, selection: Range, text: String): Collapsed {
        view.collapseSelection(selection.start)
        return Collapsed(view, selection, text)
    }

    inner class Collapsed private constructor(private val it: Kept) {
        internal constructor(view: EditorView, selection: Range, text: String) : this(Kept(view, selection, selection.start, text))

        /** The session started: its end decides. */
        fun keep(sessionId: String) = synchronized(kept) { kept[sessionId] = it }

        /** The start failed before a session began: the selection comes back if nothing moved. */
        fun failed(text: CharSequence?) = restoreIf(it, "error", text)
    }

    /** On the UI thread: session [sessionId] ended in [state], its document's text now [text]. */
    fun ended(sessionId: String, state: String, text: CharSequence?) {
        val it = synchronized(kept) { kept.remove(sessionId) } ?: return
        restoreIf(it, state, text)
    }

    private fun restoreIf(it: Kept, state: String, text: CharSequence?) {
        if (restores(state, text?.toString() == it.text, it.view.caret() == it.caret)) it.view.select(it.selection)
    }

    companion object {
        /** The states in which a session leaves the document as it found it. */
        val LEFT_AS_FOUND = listOf("error", "rejected", SessionState.CANCELLED, "noChanges")

        fun restores(state: String, documentUnchanged: Boolean, caretWhereLeft: Boolean): Boolean =
            state in LEFT_AS_FOUND && documentUnchanged && caretWhereLeft
    }
}
