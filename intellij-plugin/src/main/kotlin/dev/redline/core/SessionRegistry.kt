package dev.redline.core

/** What the core needs from the IDE; the adapter implements it with Document, MarkupModel and commands. */
interface EditorHost {
    fun buffer(uri: String): TextBuffer?

    /** Paints into an editor showing [uri], owned by the session; null when no editor shows it. */
    fun painter(uri: String, sessionId: String): MarkPainter?

    /** Runs [body] as one undoable command of [group], with write access; called on the UI thread. */
    fun edit(uri: String, group: UndoGroup, body: () -> Unit)

    fun onUiThread(task: () -> Unit)

    /** The session is over and its marks are gone: release what the adapter holds for it, tell the user why. */
    fun sessionEnded(sessionId: String, state: String, message: String?)
}

/** One undo step: every command run with the same group merges into it. Identity is what counts. */
class UndoGroup(val name: String) {
    override fun toString() = "UndoGroup($name)"
}

/**
 * Inline-edit sessions: their marks, undo group and state. Every method runs on the UI thread.
 * A session is created by its first render or status (a render can overtake the start request's answer).
 */
class SessionRegistry(private val host: EditorHost, private val applier: RenderApplier) {
    class Session(val id: String, val uri: String, val marks: PaintedMarks?) {
        var state: String = SessionState.STREAMING
        var undoGroup: UndoGroup? = null
        var hunks: List<Hunk> = emptyList()
    }

    private val sessions = LinkedHashMap<String, Session>()

    /** Ended sessions whose last render may still arrive: applied, but never resurrecting the session. */
    private val ended = LinkedHashSet<String>()

    fun render(params: RenderParams): RenderResult {
        val buffer = host.buffer(params.uri) ?: return RenderResult(false, -1)
        val session = sessions[params.sessionId] ?: if (params.sessionId in ended) null else open(params.sessionId, params.uri)
        val group = if (params.undo.open || session?.undoGroup == null) UndoGroup(params.undo.group) else session.undoGroup!!
        val result = applier.apply(params, buffer) { body -> host.edit(params.uri, group, body) }
        if (!result.applied || session == null) return result
        session.undoGroup = if (params.undo.close) null else group
        // A render covers lines ≥ from; what lies above it is untouched and stays.
        val from = params.decorations.from
        session.hunks = session.hunks.filter { it.start < from } + params.hunks
        session.marks?.update(DecorationModel.lineMarks(params.decorations) + actions(session)) { it !is HunkActions && it.line < from }
        return result
    }

    fun status(params: SessionStatusParams) {
        if (params.sessionId in ended) return
        val session = sessions[params.sessionId] ?: open(params.sessionId, params.uri)
        session.state = params.state
        if (params.state in SessionState.TERMINAL) end(session, params.state, params.message)
        else session.marks?.update(actions(session)) { it !is HunkActions }
    }

    /**
     * The sidecar died: nobody will send these sessions' final renders. The client takes the proposal
     * out itself (the added lines and the streaming line, where the document has moved them) in the
     * session's undo group, so the buffer is back to its text before the session, and ends them.
     */
    fun abandonAll(message: String) {
        for (session in sessions.values.toList()) {
            val buffer = host.buffer(session.uri)
            val lines = session.marks?.current().orEmpty()
                .filter { (it is LineMark && it.kind == DiffLineKind.ADDED) || it is StreamingMark }
                .map { it.line }.toSortedSet().reversed()
            if (buffer != null && lines.isNotEmpty()) {
                host.edit(session.uri, session.undoGroup ?: UndoGroup(session.id)) { lines.forEach { deleteLine(buffer, it) } }
            }
            end(session, SessionState.CANCELLED, message)
        }
        // A restarted sidecar numbers its sessions afresh: the dead one's ids may come back.
        ended.clear()
    }

    fun hasPendingProposal(uri: String): Boolean = sessions.values.any { it.uri == uri }

    fun sessionsIn(uri: String): List<Session> = sessions.values.filter { it.uri == uri }

    private fun open(id: String, uri: String) = Session(id, uri, host.painter(uri, id)?.let(::PaintedMarks)).also { sessions[id] = it }

    private fun actions(session: Session) = DecorationModel.actions(session.hunks, session.state == SessionState.STREAMING)

    private fun end(session: Session, state: String, message: String?) {
        sessions.remove(session.id)
        ended += session.id
        if (ended.size > 256) ended.remove(ended.first())
        session.marks?.clear()
        host.sessionEnded(session.id, state, message)
    }

    private fun deleteLine(buffer: TextBuffer, line: Int) {
        if (line >= buffer.lineCount) return
        val start = buffer.lineStart(line)
        if (line + 1 < buffer.lineCount) buffer.replace(start, buffer.lineStart(line + 1), "")
        else buffer.replace(maxOf(0, start - 1), buffer.length, "")
    }
}
