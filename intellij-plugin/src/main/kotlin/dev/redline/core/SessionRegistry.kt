package dev.redline.core

/** What the core needs from the IDE; the adapter implements it with Document, MarkupModel and commands. */
interface EditorHost {
    fun buffer(uri: String): TextBuffer?

    /**
     * Runs [body] as one command following [command] (see [UndoWindows]): in the project of [UndoCommand.editor]
     * (of the document's first editor in a project when it names none), with write access; on the UI thread.
     */
    fun edit(uri: String, command: UndoCommand, body: () -> Unit)

    /** The platform's start and finish marks, for [edit]'s body. */
    val marks: MarkPlatform get() = MarkPlatform.NONE

    /** `undo.documentUndoLimit`: how many undo groups the platform keeps per document. */
    fun documentUndoLimit(): Int = 100

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
}

/**
 * StartMarkAction, FinishMarkAction and an editor's START_MARK_ACTION_KEY, as the adapter reaches them, inside a
 * command ([EditorHost.edit]); marks are opaque here. Which editor holds what, and when, the core decides.
 */
interface MarkPlatform {
    /** The start mark [view]'s editor holds, any plugin's; null for none. */
    fun held(view: EditorView): Any?

    /** [view]'s editor holds [mark] (null: none). */
    fun hold(view: EditorView, mark: Any?)

    /** StartMarkAction.start in [view]'s editor and project; null when it is refused (the editor holds a mark). */
    fun start(view: EditorView): Any?

    /** FinishMarkAction.finish for [mark] in [view]'s editor, which then holds no mark (markFinished). */
    fun finish(view: EditorView, mark: Any)

    /** An undoable action on [view]'s document whose undo and redo call [onUndo] and [onRedo] (they may not change documents). */
    fun guard(view: EditorView, onUndo: () -> Unit, onRedo: () -> Unit)

    companion object {
        val NONE = object : MarkPlatform {
            override fun held(view: EditorView): Any? = null
            override fun hold(view: EditorView, mark: Any?) {}
            override fun start(view: EditorView): Any? = null
            override fun finish(view: EditorView, mark: Any) {}
            override fun guard(view: EditorView, onUndo: () -> Unit, onRedo: () -> Unit) {}
        }
    }
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

    /** The editor belongs to a project (an editor outside any has none, and a command run for none is recorded as non-undoable). */
    val inProject: Boolean get() = true

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
        command(session.uri, UndoGroup("${session.id}-fix-$index"), null) { ranges.forEach { (start, end, text) -> buffer.replace(start, end, text) } }
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

    /** Every document change, after it happened: each session's record moves with it. [undoOrRedo]: made by the platform's undo or redo. */
    fun documentChanged(uri: String, change: TextChange, undoOrRedo: Boolean = false) {
        undo.documentChanged(uri, undoOrRedo)
        for (session in sessions.values) if (session.uri == uri) session.record = MarkTracking.movedAll(session.record, change)
        // The highlighting filter reads the lines from other threads: they must be where the text now is.
        if (sessions.values.any { it.uri == uri }) publish()
    }

    /**
     * Every outermost command's start, whoever runs it (the platform's CommandListener, which also hears a
     * command restart after a modal dialog it opened); [editorDocument]: the document its event names.
     */
    fun commandStarted(editorDocument: String? = null) = undo.commandStarted(editorDocument)

    /** Every outermost command's end, with its groupId. */
    fun commandFinished(groupId: Any?) = rollLater(undo.commandFinished(groupId, host.documentUndoLimit()))

    /** An undo-transparent action starts (CommandListener.undoTransparentActionStarted): no command event comes for it. */
    fun transparentActionStarted() = undo.transparentActionStarted()

    fun transparentActionFinished() = rollLater(undo.transparentActionFinished(host.documentUndoLimit()))

    /**
     * A project (or the IDE) showing [uris] is closing, before the platform's final save (which a session's
     * file would refuse, leaving the user's typing there unsaved) and before the project is disposed (after
     * which a command for it does nothing but log an error): the proposals there are withdrawn and their
     * sessions cancelled, quietly.
     */
    fun closingBeforeSave(uris: Set<String>) {
        val closing = sessions.values.filter { it.uri in uris }
        withdraw(closing, null)
        cancel(closing.map { it.id }.toSet())
    }

    /** An editor appeared (or the plugin found it at start): every session of its document is painted into it. */
    fun editorOpened(view: EditorView) {
        val list = views.getOrPut(view.uri) { mutableListOf() }
        if (view in list) return
        list += view
        undo.openIn(view.uri)?.mark?.let { mark -> if (marks.held(view) == null) marks.hold(view, mark) }
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
    private fun withdraw(ending: List<Session>, message: String?) {
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
     * edit opens (or joins) a window, its last closes it; before it, a window near the undo limit is closed and
     * a new one opened, and a window where a possibly global command ran since its last start mark gets a pair
     * of marks above that command. Each of these marks is a command (and group) of its own.
     */
    private fun run(session: Session?, uri: String, group: UndoGroup, closing: Boolean, body: () -> Unit) {
        session ?: return command(uri, group, null, body)
        val window = undo.windowOf(session.id)?.let { prepared(it, group) } ?: joined(session, group)
        command(uri, group, window, body)
        undo.ran(window, group, clock())
        if (closing) leave(session, group)
    }

    /** A command of [group] in [uri]: in the project of [window]'s mark editor, else of the document's first editor in a project. */
    private fun command(uri: String, group: UndoGroup, window: UndoWindow?, body: () -> Unit) {
        host.edit(uri, UndoCommand(group, window?.markEditor ?: commandEditor(uri), window), body)
        undo.redlineCommandRan(uri)
    }

    /** The editor whose project runs [uri]'s commands when no window names one: the first of the document's editors in a project. */
    private fun commandEditor(uri: String): EditorView? = views[uri]?.let { list -> list.firstOrNull { it.inProject } ?: list.firstOrNull() }

    /** The window [session]'s first render joins, opened now when it is new. */
    private fun joined(session: Session, group: UndoGroup): UndoWindow {
        val (window, isNew) = undo.join(session.id, session.uri, commandEditor(session.uri))
        if (isNew) openWindow(window, group)
        return window
    }

    /** [window] ready for its next command: split near the undo limit, or re-anchored above a possibly global command. */
    private fun prepared(window: UndoWindow, group: UndoGroup): UndoWindow {
        if (window.unwound || window.mark == null) return window
        if (undo.needsRoll(window, host.documentUndoLimit())) return roll(window, group)
        if (window.needsReanchor) reanchor(window, group)
        return window
    }

    private val marks get() = host.marks

    /** The start mark and the guard, with no text: the command before the window's first text. */
    private fun openWindow(window: UndoWindow, group: UndoGroup) {
        val view = window.markEditor ?: return
        val start = UndoGroup("${group.name}-start")
        command(window.uri, start, window) {
            window.mark = marks.start(view)
            marks.guard(view, onUndo = { startUndone(window) }, onRedo = { startRedone(window) })
        }
        undo.ran(window, start, clock(), marksOnly = true)
        holdElsewhere(window)
    }

    /** The finish mark, with no text, after the window's last; a pair above a possibly global command first. */
    private fun finishWindow(window: UndoWindow, group: UndoGroup) {
        if (window.needsReanchor) reanchor(window, group)
        val view = window.markEditor ?: return
        val mark = window.mark ?: return
        val finish = UndoGroup("${group.name}-finish")
        command(window.uri, finish, window) { finishIn(view, mark) }
        undo.ran(window, finish, clock(), marksOnly = true)
        releaseMark(window)
    }

    /**
     * The pair above a possibly global command: a new start mark, then the finish of the span so far linked to
     * it, so that composeStartFinishGroup marks the new start global rather than the window's first one (whose
     * redo would then ask). The new start stays with the editor, its document intact.
     */
    private fun reanchor(window: UndoWindow, group: UndoGroup) {
        val view = window.markEditor ?: return
        val anchor = UndoGroup("${group.name}-anchor")
        releaseMark(window)
        command(window.uri, anchor, window) {
            val next = marks.start(view) ?: return@command
            finishIn(view, next)
            marks.hold(view, next)
            window.mark = next
            marks.guard(view, onUndo = { undo.reanchorUndone(window, true) }, onRedo = { undo.reanchorUndone(window, false) })
        }
        undo.ran(window, anchor, clock(), marksOnly = true, reanchored = true)
        holdElsewhere(window)
    }

    /** Near the undo limit: the window is finished and its sessions go on in a new one. Returns the new window. */
    private fun roll(window: UndoWindow, group: UndoGroup): UndoWindow {
        finishWindow(window, group)
        return undo.rolled(window).also { openWindow(it, group) }
    }

    /** Rolls [windows] once the command that brought them near the undo limit is over (a command may not start inside another's events). */
    private fun rollLater(windows: List<UndoWindow>) {
        for (window in windows) {
            if (window.rollPosted) continue
            window.rollPosted = true
            host.onUiThread {
                window.rollPosted = false
                if (undo.needsRoll(window, host.documentUndoLimit())) roll(window, window.lastGroup ?: UndoGroup(window.uri))
            }
        }
    }

    /**
     * FinishMarkAction.finish for [mark] in [view]'s editor, with nothing in the editor for its markFinished to
     * clear (it would null the document of the mark it found, and an in-place rename refused by such a mark
     * fails with a dialog); a mark the editor held that is not [mark] (another plugin's) goes back.
     */
    private fun finishIn(view: EditorView, mark: Any) {
        val held = marks.held(view)
        marks.hold(view, null)
        marks.finish(view, mark)
        if (held != null && held !== mark) marks.hold(view, held)
    }

    /** No editor of [window]'s document holds its start mark any longer; marks of others stay where they are. */
    private fun releaseMark(window: UndoWindow) {
        val mark = window.mark ?: return
        for (view in views[window.uri].orEmpty()) if (marks.held(view) === mark) marks.hold(view, null)
    }

    /**
     * The document's other editors hold the window's start mark too (unless they hold another one): Shift+F6
     * there then opens the Rename dialog, whose rename is part of the window, rather than an in-place rename
     * whose own pair of marks would stop undo half-way through the window.
     */
    private fun holdElsewhere(window: UndoWindow) {
        val mark = window.mark ?: return
        views[window.uri].orEmpty().filter { it != window.markEditor && marks.held(it) == null }.forEach { marks.hold(it, mark) }
    }

    /** The guard of a window's opening command was undone: the editors no longer hold its start mark, so later sessions and in-place renames start there. */
    private fun startUndone(window: UndoWindow) {
        releaseMark(window)
        cancel(undo.startUndone(window))
    }

    /** The guard was redone with the window's sessions still open: its start mark is back, and the editors hold it again. */
    private fun startRedone(window: UndoWindow) {
        if (!undo.startRedone(window)) return
        val mark = window.mark ?: return
        views[window.uri].orEmpty().filter { marks.held(it) == null }.forEach { marks.hold(it, mark) }
    }

    /** [session] is done with its window; if it was the last one there, a command of its own finishes it (or clears the redo the unwound one left). */
    private fun leave(session: Session, group: UndoGroup) {
        when (val left = undo.leave(session.id)) {
            is UndoWindows.Left.Finish -> finishWindow(left.window, group)
            is UndoWindows.Left.ClearRedo -> clearRedo(left.window, group)
            null -> {}
        }
    }

    /**
     * Ctrl+Z went past the window's start and nothing has cleared the document's redo stack since: redo would
     * meet the start mark and, with no finish above it, bring everything back (the model's partial lines too,
     * unmarked). A command with an inert action clears that stack (UndoClientState.commitCommand); it costs one
     * undo step that changes nothing.
     */
    private fun clearRedo(window: UndoWindow, group: UndoGroup) {
        val view = window.markEditor ?: commandEditor(window.uri) ?: return
        command(window.uri, UndoGroup("${group.name}-redo"), null) { marks.guard(view, onUndo = {}, onRedo = {}) }
    }

    /** The session is done with its window (if still in one): see [leave]. */
    private fun closeWindow(session: Session, group: UndoGroup) {
        if (undo.windowOf(session.id) != null) leave(session, group)
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
