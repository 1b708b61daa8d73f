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
 * - The marks carry no text: the start mark and the guard go in a command of their own just before the first
 *   render's, the finish mark in one of its own after the last. Undo (UndoRedo.execute) first puts back a
 *   caret that moved since a group instead of undoing it, and the loop then breaks at a start mark's group
 *   (redo: at a finish mark's) with that group still on the stack; a boundary group with nothing but marks
 *   leaves no text behind, and the one next to it was made in the same moment, with the same caret.
 * - Redline's commands name one document and no other: they are not recorded for the focused editor's
 *   document (the adapter's executeCommand overload), so no group of theirs touches two files, turns global,
 *   asks for confirmation or clashes with the other file's later changes. They run in the project of the
 *   editor holding the window's start mark: a change made in a command of no project is recorded as one that
 *   cannot be undone.
 * - The start mark is held by every editor of the document for as long as the window is open, so Shift+F6
 *   there does not nest an in-place rename's pair of marks inside the window (which would stop undo half-way):
 *   InplaceRefactoring is refused in the mark's own document and the platform opens the Rename dialog instead,
 *   whose rename is then part of the window. Undoing past the window's start releases the mark (the window is
 *   [UndoWindow.unwound] and never finished: a finish mark with no start below would make the next Ctrl+Z undo
 *   the document's whole history), and so does the window's end; a mark another editor holds is never touched,
 *   and FinishMarkAction.finish is never let null the document of a mark an editor keeps (markFinished).
 * - A group that is global (a command changed this document and another one, or was marked global: a file it
 *   renamed, markCurrentCommandAsGlobal) makes a finish mark above it ask for confirmation on undo
 *   (composeStartFinishGroup). Every command that changed the document and was not an editor action on it
 *   (typing, Enter, paste name the document; refactorings, the Rename dialog, quick fixes do not), and every
 *   change of the document and another one together, even across a modal dialog's restart of a command's
 *   events or in an undo-transparent action (no command events), gets a pair of marks (a finish for the span
 *   so far, a start for the rest) right above it before Redline's next command: the final finish mark then
 *   sees no global group, and undo runs through the pair without stopping or asking. [UndoWindow.needsReanchor]
 * - The platform keeps `undo.documentUndoLimit` groups per document, whoever made them, and drops the oldest:
 *   each window counts every group on its document since its start ([UndoWindow.stackGroups]: the user's,
 *   other commands', Redline's), also while a proposal waits, and near the limit ([UndoWindows.rollAt]) the
 *   window is closed and a new one opened. Undo is then two steps, never the whole remaining history in one.
 * - Redo after undoing past an open window's start would redo everything above it (a start mark with no
 *   finish); when that window's last session ends before anything cleared the document's redo stack, a
 *   command with an inert action clears it.
 * - Each window counts the groups its renders start ([UndoWindow.groups]); while it is under
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

    /** The editor the start mark was placed in, whose project runs the window's commands: the finish mark goes there. Never a released editor. */
    var markEditor: EditorView? = null

    /** The user undid the window's opening command: its start mark is off the undo stack. */
    var unwound = false
        internal set

    /** A command that may have made a global group changed this document since the last start mark (see [UndoWindows]). */
    var needsReanchor = false
        internal set

    /** Groups this window's renders started ([UndoPacing]). */
    var groups = 0
        internal set

    /** Groups on the document's undo stack from the window's start mark up, whoever made them. */
    var stackGroups = 0
        internal set

    /** A command with actions ran in the document after its start was undone: the platform cleared its redo stack. */
    internal var redoCleared = false

    internal val sessions = LinkedHashSet<String>()

    /** The group of the window's last command; another command since means the next one starts a new group. */
    internal var lastGroup: UndoGroup? = null
    internal var interrupted = false
    internal var lastNewGroupAt = 0L
    internal var rollPosted = false
}

/** One command of Redline's: merged under [group], run in [editor]'s project; [window]: the window it belongs to. */
class UndoCommand(val group: UndoGroup, val editor: EditorView? = null, val window: UndoWindow? = null)

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

    /** The document the running command's event names (an editor action's). */
    private var commandDocument: String? = null

    /** The running command is the platform's undo or redo. */
    private var undoRedoInCommand = false

    /** The documents the running undo-transparent action (outside any command) changed. */
    private var changedInTransparent: MutableSet<String>? = null

    /** The last command's groupId, and the documents the group it ended in has changed so far (CommandMerger's pending group). */
    private var lastGroupId: Any? = null
    private var pendingDocuments: Set<String> = emptySet()

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

    /** What the end of a window's last session asks for. */
    sealed interface Left {
        /** A finish mark closes the window. */
        data class Finish(val window: UndoWindow) : Left

        /** The window's start was undone and its redo would bring everything back: the document's redo stack is cleared. */
        data class ClearRedo(val window: UndoWindow) : Left
    }

    /** The session is over; when it was its window's last, what the caller's next command must do. */
    fun leave(sessionId: String): Left? {
        val window = bySession.remove(sessionId) ?: return null
        window.sessions -= sessionId
        if (window.sessions.isNotEmpty()) return null
        if (open[window.uri] === window) open.remove(window.uri)
        return when {
            window.unwound -> if (window.redoCleared) null else Left.ClearRedo(window)
            window.mark != null -> Left.Finish(window)
            else -> null
        }
    }

    /** The guard was undone: the start mark is gone. Returns the sessions still in that window. */
    fun startUndone(window: UndoWindow): Set<String> {
        window.unwound = true
        window.redoCleared = false
        if (open[window.uri] === window) open.remove(window.uri)
        return window.sessions.toSet()
    }

    /** The guard was redone: the start mark is back on the stack, so a later close may finish the window. True when the window is open again. */
    fun startRedone(window: UndoWindow): Boolean {
        if (window.sessions.isEmpty()) return false
        window.unwound = false
        if (open[window.uri] == null) open[window.uri] = window
        return true
    }

    /** The pair of marks above a cross-file command was undone (or redone): the next command needs (no) new pair. */
    fun reanchorUndone(window: UndoWindow, undone: Boolean) {
        window.needsReanchor = undone
    }

    /** An editor is being released: no window may keep it; a window started there finishes in another editor of its document, one of a project first. */
    fun released(view: EditorView, others: List<EditorView>) {
        for (window in bySession.values.toSet()) {
            if (window.markEditor == view) window.markEditor = others.firstOrNull { it.inProject } ?: others.firstOrNull()
        }
    }

    /** [window] was closed near the undo limit: its sessions go on in a new window, which the caller opens. */
    fun rolled(window: UndoWindow): UndoWindow {
        val next = UndoWindow(window.uri).also { it.markEditor = window.markEditor }
        next.sessions += window.sessions
        window.sessions.clear()
        next.sessions.forEach { bySession[it] = next }
        open[window.uri] = next
        return next
    }

    /** Whether [window] should be closed and a new one opened before more groups come, the platform keeping [limit] per document. */
    fun needsRoll(window: UndoWindow, limit: Int): Boolean =
        !window.unwound && window.mark != null && window.sessions.isNotEmpty() && window.stackGroups >= rollAt(limit)

    /** A command starts (any command: the platform reports only the outermost one, and restarts it after a modal dialog). */
    fun commandStarted(editorDocument: String?) {
        changedInCommand = HashSet()
        commandDocument = editorDocument
        undoRedoInCommand = false
    }

    /** A document changed; inside a command or an undo-transparent action, it counts among its documents. */
    fun documentChanged(uri: String, undoOrRedo: Boolean) {
        if (undoOrRedo) undoRedoInCommand = true
        else (changedInCommand ?: changedInTransparent)?.add(uri)
    }

    /** An undo-transparent action starts; inside a command its changes are the command's. */
    fun transparentActionStarted() {
        if (changedInCommand == null) changedInTransparent = HashSet()
    }

    /**
     * An undo-transparent action ended: a group of its own at most (it merges into the pending group when both
     * changed the same documents), global when it changed two. Returns the windows near the undo [limit].
     */
    fun transparentActionFinished(limit: Int): List<UndoWindow> {
        val changed = changedInTransparent ?: return emptyList()
        changedInTransparent = null
        for (window in live()) {
            if (window.uri !in changed) continue
            window.stackGroups++
            if (changed.size > 1) {
                window.needsReanchor = true
                window.interrupted = true
            }
        }
        return live().filter { needsRoll(it, limit) }
    }

    /**
     * A command finished. Any command but the window's own group ends the window's pending group. One that is
     * not Redline's and changed the window's document starts a group there unless it continues the previous
     * command's group, and needs a pair of marks above it unless it was an editor action on that document alone.
     * Returns the windows near the undo [limit].
     */
    fun commandFinished(groupId: Any?, limit: Int): List<UndoWindow> {
        val changed = changedInCommand.orEmpty()
        val editorDocument = commandDocument
        val byUndo = undoRedoInCommand
        changedInCommand = null
        commandDocument = null
        undoRedoInCommand = false
        val continues = groupId != null && groupId == lastGroupId
        pendingDocuments = if (continues) pendingDocuments + changed else changed
        lastGroupId = groupId
        for (window in live()) {
            if (groupId !== window.lastGroup) window.interrupted = true
            if (groupId is UndoGroup || byUndo || window.uri !in changed) continue
            if (!continues) window.stackGroups++
            if (window.unwound) window.redoCleared = true
            if (pendingDocuments.size > 1 || editorDocument != window.uri) window.needsReanchor = true
        }
        return live().filter { needsRoll(it, limit) }
    }

    /** One of Redline's commands ran in [uri]: having actions, it cleared the document's redo stack. */
    fun redlineCommandRan(uri: String) {
        for (window in live()) if (window.uri == uri && window.unwound) window.redoCleared = true
    }

    /** One of the window's commands ran under [group] at [now] (ms); [marksOnly]: its marks and guard, no text. */
    fun ran(window: UndoWindow, group: UndoGroup, now: Long, marksOnly: Boolean = false, reanchored: Boolean = false) {
        if (reanchored) window.needsReanchor = false
        if (window.stackGroups == 0 || window.interrupted || group !== window.lastGroup) {
            window.stackGroups++
            if (!marksOnly) {
                window.groups++
                window.lastNewGroupAt = now
            }
        }
        window.lastGroup = group
        window.interrupted = false
    }

    /** How long a render of [group] with edits waits before it may start a new group of [window] (see [UndoPacing]). */
    fun waitMs(window: UndoWindow, group: UndoGroup?, now: Long): Long {
        if (!window.interrupted && group != null && group === window.lastGroup) return 0
        return UndoPacing.waitMs(window.groups, now - window.lastNewGroupAt)
    }

    private fun live() = bySession.values.toSet()

    companion object {
        /** Groups the platform may add between a window's count reaching [rollAt] and the split's own commands. */
        const val ROLL_MARGIN = 10

        /** The window's group count at which it is closed and a new one opened, the platform keeping [limit] groups per document. */
        fun rollAt(limit: Int) = maxOf(limit - ROLL_MARGIN, limit / 2, 4)
    }
}
