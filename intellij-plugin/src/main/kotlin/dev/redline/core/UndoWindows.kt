package dev.redline.core

/**
 * One undo step per session, under the platform's real merge rules.
 *
 * The platform's CommandMerger joins a command to the previous one only when the two are consecutive and
 * share a non-null groupId; any other command (the user's typing, Enter, caret moves, a command in another
 * project) ends the group. So a session whose renders alternate with the user's own edits leaves several
 * groups on the document's undo stack, and one groupId cannot make it one step. What can: the start and
 * finish marks the platform's in-place rename uses. Undo that meets a group holding a finish mark goes on
 * undoing, group after group, until it has undone the group holding the start mark; redo does the
 * converse. So every session's changes, and whatever the user typed in that document while it was open,
 * sit between one start and one finish mark: a *window*, one Ctrl+Z.
 *
 * - A window opens with the first render of a session in a document that has no open window, and closes
 *   with the last of its sessions. Sessions that overlap in one document share its window.
 * - Consecutive renders of a session still merge by the session's [UndoGroup], so the stack stays short.
 * - The opening command also carries a guard action: if the user undoes as far as the window's start,
 *   the window is [UndoWindow.unwound] and must never be closed with a finish mark, since a finish mark
 *   with no start mark below it would make the next Ctrl+Z undo the document's whole history.
 * - Nothing is ever applied with undo disabled: every change is recorded where it happened, so undo
 *   never replays an edit at offsets that other, unrecorded changes have moved.
 *
 * FakeUndoManager (tests) follows UndoClientState and CommandMerger as read in the platform's sources;
 * UndoScenariosTest drives every case intellij-plugin/README.md describes through it.
 */
class UndoWindow internal constructor(val uri: String) {
    /** The platform's start mark, opaque here; null when the platform refused one (the step then splits). */
    var mark: Any? = null

    /** The editor the start mark was placed in: the finish mark must name the same one. Never a released editor. */
    var markEditor: EditorView? = null

    /** The user undid the window's opening command: its start mark is off the undo stack. */
    var unwound = false
        internal set

    internal val sessions = LinkedHashSet<String>()
}

/**
 * What one command of a session asks of the platform: merge under [group]; put the start mark and the
 * guard first when [opens] is set; end with the finish mark when [closes] is set.
 */
class UndoCommand(val group: UndoGroup, val opens: UndoWindow? = null, val closes: UndoWindow? = null)

/** The open windows, one per document at most. Used on the UI thread only. */
class UndoWindows {
    private val open = HashMap<String, UndoWindow>()
    private val bySession = HashMap<String, UndoWindow>()

    /** The window a session's first render joins; a new one (to be opened by that render) when [isNew]. */
    fun join(sessionId: String, uri: String, editor: EditorView?): Pair<UndoWindow, Boolean> {
        bySession[sessionId]?.let { return it to false }
        val existing = open[uri]?.takeIf { !it.unwound }
        val window = existing ?: UndoWindow(uri).also { it.markEditor = editor; open[uri] = it }
        window.sessions += sessionId
        bySession[sessionId] = window
        return window to (existing == null)
    }

    fun windowOf(sessionId: String): UndoWindow? = bySession[sessionId]

    /**
     * The session is over. Returns its window when this was the window's last session and the window may
     * be closed with a finish mark; the caller's command for the session's last change then closes it.
     */
    fun leave(sessionId: String): UndoWindow? {
        val window = bySession.remove(sessionId) ?: return null
        window.sessions -= sessionId
        if (window.sessions.isNotEmpty()) return null
        if (open[window.uri] === window) open.remove(window.uri)
        return window.takeIf { !it.unwound && it.mark != null }
    }

    /** The guard was undone: the start mark is gone. Returns the sessions still in that window. */
    fun startUndone(window: UndoWindow): Set<String> {
        window.unwound = true
        if (open[window.uri] === window) open.remove(window.uri)
        return window.sessions.toSet()
    }

    /** The guard was redone: the start mark is back on the stack, so a later close may finish the window. */
    fun startRedone(window: UndoWindow) {
        if (window.sessions.isEmpty()) return
        window.unwound = false
        if (open[window.uri] == null) open[window.uri] = window
    }

    /** An editor is being released: no window may keep it; a window started there finishes in another editor of its document. */
    fun released(view: EditorView, others: List<EditorView>) {
        for (window in bySession.values.toSet()) {
            if (window.markEditor == view) window.markEditor = others.firstOrNull()
        }
    }
}
