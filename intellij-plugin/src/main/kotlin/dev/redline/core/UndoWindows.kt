package dev.redline.core

/**
 * One undo step per session, under the platform's real merge rules.
 *
 * The platform's CommandMerger joins a command to the previous one only when the two are consecutive and
 * share a non-null groupId; any other command (the user's typing, Enter, a caret move, a command in another
 * file or project) ends the group. So a session whose renders alternate with the user's own commands leaves
 * several groups on the document's undo stack, and one groupId cannot make it one step. What can: the start
 * and finish marks the platform's in-place rename uses. Undo that meets a group holding a finish mark goes on
 * undoing, group after group, until it has undone the group holding the start mark; redo does the converse.
 * So every session's changes, and whatever the user did in that document while it was open, sit between one
 * start and one finish mark: a *window*, one Ctrl+Z.
 *
 * - A window opens with the first render of a session in a document that has no open window, and closes
 *   with the last of its sessions. Sessions that overlap in one document share its window.
 * - Redline's commands name one document and no other: they are not recorded for the focused editor's
 *   document (the adapter's executeCommand overload), so no group of theirs touches two files, turns global,
 *   asks for confirmation or clashes with the other file's later changes.
 * - The start mark is held by every editor of the document for as long as the window is open, so an in-place
 *   rename there is refused rather than nesting a pair of its own inside the window (which would stop undo
 *   half-way). Undoing past the window's start releases it (the window is [UndoWindow.unwound] and never
 *   finished: a finish mark with no start below would make the next Ctrl+Z undo the document's whole
 *   history), and so does the window's end; a mark another editor holds is never touched.
 * - A command that changes the document and another one inside the window (a refactoring) makes a global
 *   group, and a finish mark above a global group asks for confirmation on undo (composeStartFinishGroup).
 *   Before Redline's next command, a pair of marks (a finish for the span so far, a start for the rest) goes
 *   right above it: the final finish mark then sees no global group, and undo runs through the pair without
 *   stopping or asking, the refactoring included. [UndoWindow.needsReanchor]
 * - Each window counts the groups its commands start ([UndoWindow.groups]); while it is under
 *   [UndoPacing.FREE_GROUPS], every render applies at once. See [UndoPacing] for the rest.
 * - Nothing is ever applied with undo disabled: every change is recorded where it happened, so undo
 *   never replays an edit at offsets that other, unrecorded changes have moved.
 *
 * FakeUndo (tests) follows the platform's sources as read; UndoScenariosTest drives every case
 * intellij-plugin/README.md describes through it.
 */
class UndoWindow internal constructor(val uri: String) {
    /** The platform's start mark, opaque here; null when the platform refused one (the step then splits). */
    var mark: Any? = null

    /** The editor the start mark was placed in: the finish mark goes there. Never a released editor. */
    var markEditor: EditorView? = null

    /** The user undid the window's opening command: its start mark is off the undo stack. */
    var unwound = false
        internal set

    /** A command changed this document and another one since the last start mark (see [UndoWindows]). */
    var needsReanchor = false
        internal set

    /** Groups this window's commands started on the document's undo stack. */
    var groups = 0
        internal set

    internal val sessions = LinkedHashSet<String>()

    /** The group of the window's last command; another command since means the next one starts a new group. */
    internal var lastGroup: UndoGroup? = null
    internal var interrupted = false
    internal var lastNewGroupAt = 0L
}

/**
 * What one command of a session asks of the platform: merge under [group]; put the start mark and the guard
 * first when [opens] is set; end with the finish mark when [closes] is set. A command with [reanchors] set
 * carries nothing but the window's pair of marks (a finish for the span so far, a start for the rest).
 */
class UndoCommand(val group: UndoGroup, val opens: UndoWindow? = null, val closes: UndoWindow? = null, val reanchors: UndoWindow? = null)

/**
 * How fast renders that start undo groups may follow one another. The platform keeps `undo.documentUndoLimit`
 * groups per document (100 by default) and drops the oldest beyond it: a window whose start mark goes cannot
 * be undone as one step, nor back to the text before it. Each render that follows another command (the user's
 * typing anywhere, another session's render) starts a group of its own, so a long stream while the user works
 * elsewhere would pass the limit. The sidecar keeps one render per document in flight and folds what arrives
 * meanwhile into the next, so a held render costs only display latency.
 *
 * The first [FREE_GROUPS] groups of a window come at once; after that, the n-th further one waits until
 * n × [STEP_MS] after the one before it. So n further groups need n(n+1)/2 × STEP_MS of streaming: about 12
 * in a 150 s stream, 24 in 10 minutes, 60 in an hour. Renders that merge into the window's pending group,
 * complete proposals (hunks), a session's last render and renders without edits never wait.
 */
object UndoPacing {
    const val FREE_GROUPS = 16
    const val STEP_MS = 2_000L

    /** How long a render that would start the window's next group waits, given the window's groups so far. */
    fun waitMs(groups: Int, sinceLastNewGroupMs: Long): Long {
        val spacing = (groups - FREE_GROUPS + 1).coerceAtLeast(0) * STEP_MS
        return (spacing - sinceLastNewGroupMs).coerceAtLeast(0)
    }
}

/** The open windows, one per document at most, and the commands that run meanwhile. Used on the UI thread only. */
class UndoWindows {
    private val open = HashMap<String, UndoWindow>()
    private val bySession = HashMap<String, UndoWindow>()

    /** The documents the running command changed; null when no command runs. */
    private var changedInCommand: MutableSet<String>? = null

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

    /** The open window of a document, if any. */
    fun openIn(uri: String): UndoWindow? = open[uri]

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

    /** The pair of marks above a cross-file command was undone (or redone): the next command needs (no) new pair. */
    fun reanchorUndone(window: UndoWindow, undone: Boolean) {
        window.needsReanchor = undone
    }

    /** An editor is being released: no window may keep it; a window started there finishes in another editor of its document. */
    fun released(view: EditorView, others: List<EditorView>) {
        for (window in bySession.values.toSet()) {
            if (window.markEditor == view) window.markEditor = others.firstOrNull()
        }
    }

    /** A command starts (any command: the platform reports only the outermost one). */
    fun commandStarted() {
        changedInCommand = HashSet()
    }

    /** A document changed; inside a command, it counts among that command's documents. */
    fun documentChanged(uri: String) {
        changedInCommand?.add(uri)
    }

    /**
     * A command finished. Any command but the window's own group ends the window's pending group; one that
     * is not Redline's and changed the window's document together with another one is a cross-file command.
     */
    fun commandFinished(groupId: Any?) {
        val changed = changedInCommand.orEmpty()
        changedInCommand = null
        for (window in bySession.values.toSet()) {
            if (groupId !== window.lastGroup) window.interrupted = true
            if (groupId !is UndoGroup && window.uri in changed && changed.size > 1) window.needsReanchor = true
        }
    }

    /** One of the window's commands ran under [group] at [now] (ms). */
    fun ran(window: UndoWindow, group: UndoGroup, now: Long, reanchored: Boolean = false) {
        if (reanchored) window.needsReanchor = false
        if (window.groups == 0 || window.interrupted || group !== window.lastGroup) {
            window.groups++
            window.lastNewGroupAt = now
        }
        window.lastGroup = group
        window.interrupted = false
    }

    /** How long a render of [group] with edits waits before it may start a new group of [window] (see [UndoPacing]). */
    fun waitMs(window: UndoWindow, group: UndoGroup?, now: Long): Long {
        if (!window.interrupted && group != null && group === window.lastGroup) return 0
        return UndoPacing.waitMs(window.groups, now - window.lastNewGroupAt)
    }
}
