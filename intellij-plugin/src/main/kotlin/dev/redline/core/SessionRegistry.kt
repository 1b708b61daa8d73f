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
     * The findings a session's proposal shows changed ([ProposalWarnings]): the whole list, empty once the
     * session ends or has none. Called on the UI thread, only when the list differs from the last one.
     */
    fun warningsChanged(sessionId: String, uri: String, warnings: List<ShownWarning>) {}

    /**
     * The session is over and its marks are gone: tell the user why, if it needs saying, with the
     * [actions] the sidecar offers for an error (see [StatusAction]).
     */
    fun sessionEnded(sessionId: String, state: String, message: String?, actions: List<String>)

    /** The folders the sidecar may read files from for context (the open projects' content roots); called under [read]. */
    fun workspaceFolders(): List<WorkspaceFolder> = emptyList()

    /** [view] holds [window]'s start mark too (unless it holds another one), so an in-place rename there waits for the window's end. */
    fun holdMark(window: UndoWindow, view: EditorView) {}

    /** No editor of [window]'s document holds its start mark any longer; marks of others stay where they are. */
    fun releaseMark(window: UndoWindow) {}
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

    /** Where the caret is. */
    fun caret(): Position

    /** [range] selected, the caret at its end: the instruction's selection back ([SelectionKeeper]). */
    fun select(range: Range)
}

/** One undo group: every command run with the same group merges into the previous one when consecutive. */
class UndoGroup(val name: String) {
    override fun toString() = "UndoGroup($name)"
}

/** A session as threads other than the UI thread may see it: an immutable copy, published after every change. */
data class SessionView(
    val id: String,
    val uri: String,
    val state: String,
    val hunks: List<Hunk>,
    /** Its red and green lines as they lie now (moved with every document change): line → [DiffLineKind]. */
    val lines: Map<Int, String> = emptyMap(),
) {
    /** Those lines as hunks, for the highlighting filter: computed once per published copy, on first use. */
    val highlightHunks: List<ProposalHighlights.ProposalHunk> by lazy { ProposalHighlights.hunks(lines) }
}

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
    /** Sessions the sidecar should end: the user undid past their start, or their file closed. */
    private val cancel: (Set<String>) -> Unit = {},
    /** Milliseconds, for the pacing of renders ([UndoPacing]). */
    private val clock: () -> Long = { System.nanoTime() / 1_000_000 },
    /** Every session's end (a status or a crash), on the UI thread, after its marks are cleared: its id, document and state. */
    private val onEnded: (sessionId: String, uri: String, state: String) -> Unit = { _, _, _ -> },
) {
    private class Session(val id: String, val uri: String) {
        var state: String = SessionState.STREAMING
        var undoGroup: UndoGroup? = null
        var hunks: List<Hunk> = emptyList()
        var record: Set<MarkSpec> = emptySet()
        val painted = LinkedHashMap<EditorView, PaintedMarks>()

        /** The user is ending it: its renders no longer wait ([renderWait]). */
        var hurried = false

        /** The findings of its last status, and the document version that status described (what its fixes' offsets refer to). */
        var warnings: List<ShownWarning> = emptyList()
        var warningsVersion: Int? = null
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
        val result = applier.apply(params, buffer) { body -> run(session, params.uri, group, params.undo.close, body) }
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

    /**
     * How long [params] waits before it is applied ([UndoPacing]): 0 for all but a streaming render with edits
     * that would start a new undo group in a window that has started many.
     */
    fun renderWait(params: RenderParams): Long {
        if (params.edits.isEmpty() || params.hunks.isNotEmpty() || params.undo.close || params.undo.open) return 0
        val session = sessions[params.sessionId]?.takeIf { !it.hurried } ?: return 0
        val window = undo.windowOf(session.id)?.takeIf { !it.unwound } ?: return 0
        return undo.waitMs(window, session.undoGroup, clock())
    }

    /** The user cancels [sessionId]: whatever it renders from now on is applied at once. */
    fun hurry(sessionId: String) {
        sessions[sessionId]?.hurried = true
    }

    fun status(params: SessionStatusParams) {
        if (params.sessionId in ended) return
        val session = sessions[params.sessionId] ?: open(params.sessionId, params.uri)
        session.state = params.state
        if (params.state in SessionState.TERMINAL) end(session, params.state, params.message, params.actions.orEmpty())
        else {
            session.record = session.record.filterTo(LinkedHashSet()) { it !is HunkActions } + actions(session)
            repaint(session)
            val lineCount = host.buffer(session.uri)?.lineCount ?: 1
            showWarnings(session, ProposalWarnings.shown(params.warnings.orEmpty(), ProposalWarnings.firstLine(session.record, session.hunks), lineCount))
            session.warningsVersion = applier.version(session.uri)
        }
        publish()
    }

    /**
     * Applies the fix of [sessionId]'s warning [index] as the user's own change (a command outside the session's
     * undo window, sent to the sidecar as any edit of the user's), only while the document is at the version its
     * status described. Null when applied, else why not, for the user.
     */
    fun applyFix(sessionId: String, index: Int): String? {
        val session = sessions[sessionId]
        val buffer = session?.let { host.buffer(it.uri) }
        val refusal = ProposalWarnings.fixRefusal(session?.warnings, session?.warningsVersion, index, session?.let { applier.version(it.uri) })
        val fix = session?.warnings?.firstOrNull { it.index == index }?.fix
        if (refusal != null || session == null || buffer == null || fix == null) return refusal ?: "the proposal this fix belongs to is no longer open; nothing was changed."
        // All the edits' offsets are taken from the text before the first one, then applied last-first, as one command.
        val ranges = fix.edits.map { Triple(buffer.offsetOf(it.range.start), buffer.offsetOf(it.range.end), it.newText) }.sortedByDescending { it.first }
        host.edit(session.uri, UndoCommand(UndoGroup("${session.id}-fix-$index"))) { ranges.forEach { (start, end, text) -> buffer.replace(start, end, text) } }
        showWarnings(session, ProposalWarnings.afterFix(session.warnings, index, fix.edits))
        return null
    }

    /** The findings [sessionId] shows now (what its last status, or an applied fix, left). */
    fun warningsOf(sessionId: String): List<ShownWarning> = sessions[sessionId]?.warnings.orEmpty()

    private fun showWarnings(session: Session, warnings: List<ShownWarning>) {
        if (warnings == session.warnings) return
        session.warnings = warnings
        host.warningsChanged(session.id, session.uri, warnings)
    }

    /** Every document change, after it happened: each session's record moves with it. */
    fun documentChanged(uri: String, change: TextChange) {
        undo.documentChanged(uri)
        for (session in sessions.values) if (session.uri == uri) session.record = MarkTracking.movedAll(session.record, change)
        // The highlighting filter reads the lines from other threads: they must be where the text now is.
        if (sessions.values.any { it.uri == uri }) publish()
    }

    /** Every outermost command's start, whoever runs it (the platform's CommandListener). */
    fun commandStarted() = undo.commandStarted()

    /** Every outermost command's end, with its groupId. */
    fun commandFinished(groupId: Any?) = undo.commandFinished(groupId)

    /** An editor appeared (or the plugin found it at start): every session of its document is painted into it. */
    fun editorOpened(view: EditorView) {
        val list = views.getOrPut(view.uri) { mutableListOf() }
        if (view in list) return
        list += view
        undo.openIn(view.uri)?.takeIf { it.mark != null }?.let { host.holdMark(it, view) }
        for (session in sessions.values) if (session.uri == view.uri) repaint(session)
    }

    /**
     * An editor is being released: its marks go, and nothing here keeps a reference to it. When it is the
     * document's last editor the sessions there are withdrawn first, in a command that finishes their window in
     * this editor (still valid during the release): the sidecar stops mirroring a closed document, so nobody
     * would take the proposal out later, and a reopened file's Ctrl+Z is one step back to before the session.
     */
    fun editorReleased(view: EditorView, lastForDocument: Boolean = false) {
        if (lastForDocument) {
            val closing = sessions.values.filter { it.uri == view.uri }
            withdraw(closing, "The file was closed while its Redline proposal was open: the proposal was withdrawn.")
            cancel(closing.map { it.id }.toSet())
        }
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
        withdraw(sessions.values.toList(), message)
        // A restarted sidecar numbers its sessions afresh: the dead one's ids may come back.
        ended.clear()
    }

    /** Takes the proposals of [ending] out where their records have them, closing their windows, and ends them. */
    private fun withdraw(ending: List<Session>, message: String) {
        for (session in ending) {
            val buffer = host.buffer(session.uri)
            val lines = session.record
                .filter { (it is LineMark && it.kind == DiffLineKind.ADDED) || it is StreamingMark }
                .map { it.line }.toSortedSet().reversed()
            if (buffer != null && lines.isNotEmpty()) {
                run(session, session.uri, session.undoGroup ?: UndoGroup(session.id), closing = true) { lines.forEach { deleteLine(buffer, it) } }
            }
            end(session, SessionState.CANCELLED, message)
        }
        publish()
    }

    /**
     * The guard of a window's opening command was undone or redone (the adapter's undoable action says so).
     * Undone: the editors no longer hold its start mark, so later sessions and in-place renames start there.
     */
    fun startUndone(window: UndoWindow) {
        host.releaseMark(window)
        cancel(undo.startUndone(window))
    }

    fun startRedone(window: UndoWindow) = undo.startRedone(window)

    /** The guard of a pair of marks above a cross-file command was undone or redone. */
    fun reanchorUndone(window: UndoWindow, undone: Boolean) = undo.reanchorUndone(window, undone)

    fun hasPendingProposal(uri: String): Boolean = published.any { it.uri == uri }

    fun sessionsIn(uri: String): List<SessionView> = published.filter { it.uri == uri }

    /**
     * Whether the IDE shows highlighting over [start, end) of [uri]'s document ([ProposalHighlights]); from any
     * thread, under the daemon's read action. A file the filter cannot name ([uri] null) keeps everything.
     */
    fun highlightShown(uri: String?, start: Int, end: Int, description: String?, lines: ProposalHighlights.Lines): Boolean {
        if (uri == null) return true
        val hunks = sessionsIn(uri).flatMap { it.highlightHunks }
        return ProposalHighlights.shows(hunks, start, end, description, lines)
    }

    private fun open(id: String, uri: String) = Session(id, uri).also { sessions[id] = it }

    private fun actions(session: Session) = DecorationModel.actions(session.hunks, session.state == SessionState.STREAMING)

    private fun repaint(session: Session) {
        for (view in views[session.uri].orEmpty()) {
            session.painted.getOrPut(view) { PaintedMarks(view.painter(session.id)) }.update(session.record)
        }
    }

    /**
     * Runs one command of [session] (or of an ended session's late render) under the window rules: its first
     * edit opens (or joins) a window, its last closes it, and a cross-file command since the window's last start
     * mark gets a pair of marks above it first, in a command (and group) of its own.
     */
    private fun run(session: Session?, uri: String, group: UndoGroup, closing: Boolean, body: () -> Unit) {
        session ?: return host.edit(uri, UndoCommand(group), body)
        val joined = undo.windowOf(session.id)
        if (joined != null && joined.needsReanchor && !joined.unwound && joined.mark != null) {
            val anchor = UndoGroup("${group.name}-anchor")
            host.releaseMark(joined)
            host.edit(uri, UndoCommand(anchor, reanchors = joined)) {}
            undo.ran(joined, anchor, clock(), reanchored = true)
            holdElsewhere(joined)
        }
        val opens = if (joined == null) {
            undo.join(session.id, session.uri, views[session.uri]?.firstOrNull()).let { (window, isNew) -> window.takeIf { isNew } }
        } else null
        val command = UndoCommand(group, opens, if (closing) undo.leave(session.id) else null)
        host.edit(uri, command, body)
        ran(command, joined ?: undo.windowOf(session.id))
    }

    /** After a window's command: a new start mark is held by the document's other editors, a finished one by none. */
    private fun ran(command: UndoCommand, window: UndoWindow?) {
        window?.let { undo.ran(it, command.group, clock()) }
        command.opens?.let(::holdElsewhere)
        command.closes?.let(host::releaseMark)
    }

    private fun holdElsewhere(window: UndoWindow) {
        if (window.mark == null) return
        views[window.uri].orEmpty().filter { it != window.markEditor }.forEach { host.holdMark(window, it) }
    }

    /** The session is done with its window; if it was the last one there, a command of its own finishes it. */
    private fun closeWindow(session: Session, group: UndoGroup) {
        val window = undo.windowOf(session.id) ?: return
        val closes = undo.leave(session.id) ?: return
        val command = UndoCommand(group, closes = closes)
        host.edit(session.uri, command) {}
        ran(command, window)
    }

    private fun end(session: Session, state: String, message: String?, actions: List<String> = emptyList()) {
        closeWindow(session, session.undoGroup ?: UndoGroup(session.id))
        sessions.remove(session.id)
        ended += session.id
        if (ended.size > 256) ended.remove(ended.first())
        session.painted.values.forEach(PaintedMarks::clear)
        session.painted.clear()
        showWarnings(session, emptyList())
        host.sessionEnded(session.id, state, message, actions)
        onEnded(session.id, session.uri, state)
    }

    private fun publish() {
        published = sessions.values.map { session ->
            SessionView(session.id, session.uri, session.state, session.hunks, session.record.filterIsInstance<LineMark>().associate { it.line to it.kind })
        }
    }

    private fun deleteLine(buffer: TextBuffer, line: Int) {
        if (line >= buffer.lineCount) return
        val start = buffer.lineStart(line)
        if (line + 1 < buffer.lineCount) buffer.replace(start, buffer.lineStart(line + 1), "")
        else buffer.replace(maxOf(0, start - 1), buffer.length, "")
    }
}
