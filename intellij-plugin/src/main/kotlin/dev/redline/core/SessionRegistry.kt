package dev.redline.core

/** What the core needs from the IDE; the adapter implements it with Document, MarkupModel and commands. */
interface EditorHost {
    fun buffer(uri: String): TextBuffer?

    /** Runs [body] as one command following [command] (see [UndoWindows]), with write access; called on the UI thread. */
    fun edit(uri: String, command: UndoCommand, body: () -> Unit)

    /**
     * Runs [task] on the UI thread where documents may be written: after any modal dialog has closed.
     * Tasks run in the order they were posted.
     */
    fun onUiThread(task: () -> Unit)

    /** Runs [body] under a read action on the calling thread, whichever it is: no document changes meanwhile. */
    fun <T> read(body: () -> T): T

    /**
     * The session is over and its marks are gone: tell the user why, if it needs saying, with the
     * [actions] the sidecar offers for an error (see [StatusAction]).
     */
    fun sessionEnded(sessionId: String, state: String, message: String?, actions: List<String>)

    /** The folders the sidecar may read files from for context (the open projects' content roots); called under [read]. */
    fun workspaceFolders(): List<WorkspaceFolder> = emptyList()
}

/** One editor showing a document. Every session of that document is painted into every such editor. */
interface EditorView {
    val uri: String

    /** Paints one session's marks into this editor; [MarkPainter.release] drops whatever it holds. */
    fun painter(sessionId: String): MarkPainter

    /**
     * No selection any more, the caret at [at]: an instruction's selection would lie over the proposal's
     * red and green lines and grow with the region while the reply streams.
     */
    fun collapseSelection(at: Position)
}

/** One undo group: every command run with the same group merges into the previous one when consecutive. */
class UndoGroup(val name: String) {
    override fun toString() = "UndoGroup($name)"
}

/** A session as threads other than the UI thread may see it: an immutable copy, published after every change. */
data class SessionView(val id: String, val uri: String, val state: String, val hunks: List<Hunk>)

/**
 * Inline-edit sessions: their marks, undo windows and state. Every method but [sessionsIn] and
 * [hasPendingProposal] runs on the UI thread; those two read the last published copy, from any thread.
 * A session is created by its first render or status (a render can overtake the start request's answer).
 *
 * A session keeps its own record of its marks, moved with every document change ([MarkTracking]); the
 * editors' painted marks follow that record (an editor opened later gets it whole, a released editor is
 * dropped), and the crash revert reads the record, never the editors.
 */
class SessionRegistry(
    private val host: EditorHost,
    private val applier: RenderApplier,
    private val onStartUndone: (Set<String>) -> Unit = {},
) {
    private class Session(val id: String, val uri: String) {
        var state: String = SessionState.STREAMING
        var undoGroup: UndoGroup? = null
        var hunks: List<Hunk> = emptyList()
        var record: Set<MarkSpec> = emptySet()
        val painted = LinkedHashMap<EditorView, PaintedMarks>()
    }

    private val sessions = LinkedHashMap<String, Session>()

    /** Ended sessions whose last render may still arrive: applied, but never resurrecting the session. */
    private val ended = LinkedHashSet<String>()

    private val views = LinkedHashMap<String, MutableList<EditorView>>()

    val undo = UndoWindows()

    @Volatile
    private var published: List<SessionView> = emptyList()

    fun render(params: RenderParams): RenderResult {
        val buffer = host.buffer(params.uri) ?: return RenderResult(false, -1)
        val session = sessions[params.sessionId] ?: if (params.sessionId in ended) null else open(params.sessionId, params.uri)
        val group = if (params.undo.open || session?.undoGroup == null) UndoGroup(params.undo.group) else session.undoGroup!!
        val result = applier.apply(params, buffer) { body -> host.edit(params.uri, command(session, group, params.undo.close), body) }
        if (!result.applied || session == null) return result
        if (params.undo.close) closeWindow(session, group)
        session.undoGroup = if (params.undo.close) null else group
        // A render covers lines ≥ from; what lies above it is untouched and stays.
        val from = params.decorations.from
        session.hunks = session.hunks.filter { it.start < from } + params.hunks
        session.record = session.record.filterTo(LinkedHashSet()) { it !is HunkActions && it.line < from } +
            DecorationModel.lineMarks(params.decorations) + actions(session)
        repaint(session)
        publish()
        return result
    }

    fun status(params: SessionStatusParams) {
        if (params.sessionId in ended) return
        val session = sessions[params.sessionId] ?: open(params.sessionId, params.uri)
        session.state = params.state
        if (params.state in SessionState.TERMINAL) end(session, params.state, params.message, params.actions.orEmpty())
        else {
            session.record = session.record.filterTo(LinkedHashSet()) { it !is HunkActions } + actions(session)
            repaint(session)
        }
        publish()
    }

    /** Every document change, after it happened: each session's record moves with it. */
    fun documentChanged(uri: String, change: TextChange) {
        for (session in sessions.values) if (session.uri == uri) session.record = MarkTracking.movedAll(session.record, change)
    }

    /** An editor appeared (or the plugin found it at start): every session of its document is painted into it. */
    fun editorOpened(view: EditorView) {
        val list = views.getOrPut(view.uri) { mutableListOf() }
        if (view in list) return
        list += view
        for (session in sessions.values) if (session.uri == view.uri) repaint(session)
    }

    /** An editor is being released: its marks go, and nothing here keeps a reference to it. */
    fun editorReleased(view: EditorView) {
        val list = views[view.uri] ?: return
        list -= view
        if (list.isEmpty()) views.remove(view.uri)
        for (session in sessions.values) session.painted.remove(view)?.clear()
        undo.released(view, list)
    }

    /** The editors a session is painted into, for tests of editor lifetimes. */
    fun paintedEditors(sessionId: String): Set<EditorView> = sessions[sessionId]?.painted?.keys?.toSet().orEmpty()

    /**
     * The sidecar died: nobody will send these sessions' final renders. The client takes the proposal
     * out itself: the added lines and the streaming line, where the session's own record has them now,
     * in a command of the session's group that closes its undo window, so the buffer is back to its text
     * before the session. Then it ends them.
     */
    fun abandonAll(message: String) {
        for (session in sessions.values.toList()) {
            val buffer = host.buffer(session.uri)
            val lines = session.record
                .filter { (it is LineMark && it.kind == DiffLineKind.ADDED) || it is StreamingMark }
                .map { it.line }.toSortedSet().reversed()
            if (buffer != null && lines.isNotEmpty()) {
                val group = session.undoGroup ?: UndoGroup(session.id)
                host.edit(session.uri, command(session, group, closing = true)) { lines.forEach { deleteLine(buffer, it) } }
            }
            end(session, SessionState.CANCELLED, message)
        }
        // A restarted sidecar numbers its sessions afresh: the dead one's ids may come back.
        ended.clear()
        publish()
    }

    /** The guard of a window's opening command was undone or redone (the adapter's undoable action says so). */
    fun startUndone(window: UndoWindow) = onStartUndone(undo.startUndone(window))

    fun startRedone(window: UndoWindow) = undo.startRedone(window)

    fun hasPendingProposal(uri: String): Boolean = published.any { it.uri == uri }

    fun sessionsIn(uri: String): List<SessionView> = published.filter { it.uri == uri }

    private fun open(id: String, uri: String) = Session(id, uri).also { sessions[id] = it }

    private fun actions(session: Session) = DecorationModel.actions(session.hunks, session.state == SessionState.STREAMING)

    private fun repaint(session: Session) {
        for (view in views[session.uri].orEmpty()) {
            session.painted.getOrPut(view) { PaintedMarks(view.painter(session.id)) }.update(session.record)
        }
    }

    /** The undo rules for one command of [session]: its first edit opens (or joins) a window, its last closes it. */
    private fun command(session: Session?, group: UndoGroup, closing: Boolean): UndoCommand {
        session ?: return UndoCommand(group)
        val opens = if (undo.windowOf(session.id) == null) {
            undo.join(session.id, session.uri, views[session.uri]?.firstOrNull()).let { (window, isNew) -> window.takeIf { isNew } }
        } else null
        return UndoCommand(group, opens, if (closing) undo.leave(session.id) else null)
    }

    /** The session is done with its window; if it was the last one there, a command of its own finishes it. */
    private fun closeWindow(session: Session, group: UndoGroup) {
        if (undo.windowOf(session.id) == null) return
        val window = undo.leave(session.id) ?: return
        host.edit(session.uri, UndoCommand(group, closes = window)) {}
    }

    private fun end(session: Session, state: String, message: String?, actions: List<String> = emptyList()) {
        closeWindow(session, session.undoGroup ?: UndoGroup(session.id))
        sessions.remove(session.id)
        ended += session.id
        if (ended.size > 256) ended.remove(ended.first())
        session.painted.values.forEach(PaintedMarks::clear)
        session.painted.clear()
        host.sessionEnded(session.id, state, message, actions)
    }

    private fun publish() {
        published = sessions.values.map { SessionView(it.id, it.uri, it.state, it.hunks) }
    }

    private fun deleteLine(buffer: TextBuffer, line: Int) {
        if (line >= buffer.lineCount) return
        val start = buffer.lineStart(line)
        if (line + 1 < buffer.lineCount) buffer.replace(start, buffer.lineStart(line + 1), "")
        else buffer.replace(maxOf(0, start - 1), buffer.length, "")
    }
}
