package dev.redline.core

import org.eclipse.lsp4j.jsonrpc.Launcher
import java.io.PipedInputStream
import java.io.PipedOutputStream
import java.util.Collections
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ExecutorService
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/** A document with what the IDE's Document gives the adapter: after-change events and moving range markers. */
class StringTextBuffer(initial: String) : TextBuffer {
    private val text = StringBuilder(initial)
    private val markers = mutableListOf<IntArray>()
    val listeners = mutableListOf<(start: Int, oldText: String, newText: String) -> Unit>()

    override val length get() = text.length
    override val lineCount get() = text.count { it == '\n' } + 1
    override fun text() = text.toString()
    override fun lineOf(offset: Int) = (0 until offset).count { text[it] == '\n' }
    override fun lineStart(line: Int): Int {
        var seen = 0
        for (i in text.indices) if (seen == line) return i else if (text[i] == '\n') seen++
        return if (seen == line) text.length else throw IndexOutOfBoundsException("line $line")
    }

    override fun replace(start: Int, end: Int, text: String) {
        val old = this.text.substring(start, end)
        this.text.replace(start, end, text)
        for (m in markers) {
            if (m[0] >= end) m[0] += text.length - (end - start) else if (m[0] > start) m[0] = -1
        }
        listeners.forEach { it(start, old, text) }
    }

    /** Like a RangeMarker at a line start: moves with edits before it, dies when its text is replaced. */
    fun lineMarker(line: Int): () -> Int? {
        val m = intArrayOf(lineStart(line))
        markers += m
        return { if (m[0] < 0 || m[0] > length) null else lineOf(m[0]) }
    }
}

/**
 * An EditorHost over StringTextBuffers; the "UI thread" is one executor. Every edit is recorded with its
 * undo command; with [undo] set, edits run as commands of the platform's undo model (FakeUndo.kt).
 * [openModal] holds back UI tasks the way a modal dialog holds back non-modal invokeLater tasks.
 */
class FakeHost : EditorHost {
    val buffers = HashMap<String, TextBuffer>()
    var folders = emptyList<WorkspaceFolder>()
    override fun workspaceFolders() = folders
    val edits = Collections.synchronizedList(mutableListOf<Pair<UndoGroup, String>>())
    val commands = Collections.synchronizedList(mutableListOf<UndoCommand>())
    val ended = Collections.synchronizedList(mutableListOf<Triple<String, String, String?>>())
    /** The actions offered with each ended session, by id. */
    val endActions = Collections.synchronizedMap(HashMap<String, List<String>>())
    /** Where each view's selection was collapsed, by view name. */
    val collapsed = Collections.synchronizedList(mutableListOf<Pair<String, Position>>())
    /** What each view had selected again, by view name. */
    val selected = Collections.synchronizedList(mutableListOf<Pair<String, Range>>())
    val painted = Collections.synchronizedSet(LinkedHashSet<Triple<String, String, MarkSpec>>())
    val ui: ExecutorService = Executors.newSingleThreadExecutor { Thread(it, "fake-ui") }
    var undo: FakeUndo? = null
    private val views = HashMap<String, FakeView>()
    private val held = mutableListOf<() -> Unit>()
    private var modal = false

    /** An editor showing [uri]; the first one asked for per document is "main". [inProject]: false for an editor outside any project. */
    inner class FakeView(override val uri: String, val name: String, override val inProject: Boolean = true) : EditorView {
        /** The platform's editor, when the document is one of [undo]'s. */
        val editor: FakeUndo.Editor? by lazy { (buffers[uri] as? FakeUndo.Document)?.let { undo?.Editor(it, if (inProject) it.manager else null) } }

        /** Where the caret is; a test moves it as the user would. */
        var caretAt = Position(0, 0)

        override fun collapseSelection(at: Position) {
            collapsed += name to at
            caretAt = at
        }

        override fun caret() = caretAt

        override fun select(range: Range) {
            selected += name to range
            caretAt = range.end
        }

        override fun painter(sessionId: String) = object : MarkPainter {
            override fun paint(spec: MarkSpec): PaintedMark {
                val where = buffers.getValue(uri).let { (it as? FakeUndo.Document)?.buffer ?: it as StringTextBuffer }.lineMarker(spec.line)
                val key = Triple(name, sessionId, spec)
                painted += key
                var valid = true
                return object : PaintedMark {
                    override fun currentSpec(): MarkSpec? = where()?.takeIf { valid && key in painted }?.let { line ->
                        when (spec) {
                            is LineMark -> spec.copy(line = line)
                            is WordMark -> spec.copy(line = line)
                            is StreamingMark -> spec.copy(line = line)
                            is WhitespaceLabel -> spec.copy(line = line)
                            is HunkActions -> spec.copy(line = line, settleLine = spec.settleLine?.let { it + line - spec.line })
                        }
                    }
                    override fun erase() { valid = false; painted -= key }
                }
            }
            override fun release() { released += name to sessionId }
        }
    }

    val released = Collections.synchronizedList(mutableListOf<Pair<String, String>>())

    fun view(uri: String, name: String = "main", inProject: Boolean = true): FakeView = views.getOrPut("$uri#$name") { FakeView(uri, name, inProject) }

    /** Someone else's removeAllHighlighters on one editor: its marks are no longer valid. */
    fun removeAllHighlighters(viewName: String) = onUi { painted.removeIf { it.first == viewName } }

    override fun buffer(uri: String) = buffers[uri]

    override fun edit(uri: String, command: UndoCommand, body: () -> Unit) {
        commands += command
        val before = buffers.getValue(uri).text()
        val platform = undo
        if (platform == null) body() else platformEdit(platform, uri, command, body)
        val after = buffers.getValue(uri).text()
        if (after != before) edits += command.group to after
    }

    /** What ide/RedlineService.edit does, call for call, with FakeUndo in the platform's place. */
    private fun platformEdit(platform: FakeUndo, uri: String, command: UndoCommand, body: () -> Unit) {
        val document = buffers.getValue(uri) as FakeUndo.Document
        // The command's project is that of the editor the core names; with none named, the document's own.
        val project = command.editor?.let { (it as? FakeView)?.editor?.project } ?: document.manager.takeIf { command.editor == null }
        // executeCommand(project, runnable, name, groupId, DO_NOT_REQUEST_CONFIRMATION, shouldRecordCommandForActiveDocument = false)
        platform.command(project, command.group, FakeUndo.Policy.DO_NOT_REQUEST_CONFIRMATION, recordActiveDocument = false, name = "Redline Edit", body = body)
    }

    /** What the adapter's marks do, with FakeUndo's editors: StartMarkAction, FinishMarkAction, START_MARK_ACTION_KEY, BasicUndoableAction. */
    override val marks = object : MarkPlatform {
        private fun editorOf(view: EditorView) = (view as? FakeView)?.editor

        override fun held(view: EditorView): Any? = editorOf(view)?.startMark

        override fun hold(view: EditorView, mark: Any?) {
            editorOf(view)?.startMark = mark as FakeUndo.Action?
        }

        override fun start(view: EditorView): Any? {
            val editor = editorOf(view)?.takeIf { it.project != null } ?: return null
            return try { undo!!.startMark(editor, "Redline Edit") } catch (_: FakeUndo.AlreadyStartedException) { null }
        }

        override fun finish(view: EditorView, mark: Any) {
            val editor = editorOf(view)?.takeIf { it.project != null } ?: return
            undo!!.finishMark(editor, mark as FakeUndo.Action)
        }

        override fun guard(view: EditorView, onUndo: () -> Unit, onRedo: () -> Unit) {
            val editor = editorOf(view)?.takeIf { it.project != null } ?: return
            editor.doc.manager.undoableActionPerformed(FakeUndo.Action(listOf(editor.doc), FakeUndo.Kind.OTHER, undo = onUndo, redo = onRedo))
        }
    }

    /** `undo.documentUndoLimit` as FakeUndo has it. */
    override fun documentUndoLimit() = undo?.documentUndoLimit ?: 100

    /** When set, tasks posted to the UI thread wait here until the test runs them ([drainUi]), on its own thread. */
    var deferredUi: MutableList<() -> Unit>? = null

    /** Runs the deferred UI tasks, those they post included, as the platform's event queue would after the current event. */
    fun drainUi() {
        val queue = deferredUi ?: return
        while (queue.isNotEmpty()) queue.removeAt(0)()
    }

    override fun onUiThread(task: () -> Unit) {
        deferredUi?.let { it += task; return }
        synchronized(held) { if (modal) { held += task; return } }
        ui.execute(task)
    }

    // As the platform's runReadAction: at once on the UI thread, which holds read access.
    override fun <T> read(body: () -> T): T = if (Thread.currentThread().name == "fake-ui") body() else onUi(body)

    fun openModal() = synchronized(held) { modal = true }

    fun closeModal() = synchronized(held) {
        modal = false
        held.forEach { ui.execute(it) }
        held.clear()
    }

    override fun sessionEnded(sessionId: String, state: String, message: String?, actions: List<String>) {
        endActions[sessionId] = actions
        ended += Triple(sessionId, state, message)
    }

    /** Every findings list shown, in order: session id, uri, the list. */
    val warnings = Collections.synchronizedList(mutableListOf<Triple<String, String, List<ShownWarning>>>())

    override fun warningsChanged(sessionId: String, uri: String, warnings: List<ShownWarning>) {
        this.warnings += Triple(sessionId, uri, warnings)
    }

    fun <T> onUi(task: () -> T): T = CompletableFuture.supplyAsync(task, ui).get(10, TimeUnit.SECONDS)

    fun marksOf(sessionId: String, viewName: String = "main") = onUi { painted.filter { it.first == viewName && it.second == sessionId }.map { it.third }.toSet() }
}

/** A session registry over one FakeHost document, wired as the adapter wires it: each change reaches the document sync, then the registry. */
class RegistryOnDocument(val uri: String, text: String) {
    val host = FakeHost()
    val sync = DocumentSync()
    val registry = SessionRegistry(host, RenderApplier(sync::version))
    val buffer = StringTextBuffer(text).also { b ->
        host.buffers[uri] = b
        sync.open(uri, "kotlin", b.text())
        b.listeners += { start, old, new ->
            sync.changed(uri, b.positionOf(start), old, new) { b.text() }
            registry.documentChanged(uri, TextChange(b.positionOf(start), old, new))
        }
        host.onUi { registry.editorOpened(host.view(uri)) }
    }
}

/** Wires a buffer to the core the way the adapter's document listener does. */
fun RedlineCore.follow(uri: String, buffer: StringTextBuffer) {
    buffer.listeners += { start, old, new -> documentChanged(uri, buffer.positionOf(start), old, new) { buffer.text() } }
}

/** Records what a sidecar receives; answers nothing unless told to. */
open class RecordingServer : SidecarServer {
    val received = Collections.synchronizedList(mutableListOf<Any>())
    val completionRequests = Collections.synchronizedList(mutableListOf<CompletableFuture<InlineCompletionList>>())
    var initializeCount = 0

    override fun initialize(params: InitializeParams): CompletableFuture<InitializeResult> {
        initializeCount++
        received += params
        return CompletableFuture.completedFuture(InitializeResult(ServerCapabilities(2, true, true), ServerInfo("fake", "0")))
    }
    override fun initialized(params: EmptyParams) { received += "initialized" }
    override fun shutdown(params: EmptyParams) = CompletableFuture.completedFuture(EmptyResult())
    override fun exit(params: EmptyParams) { received += "exit" }
    override fun didOpen(params: DidOpenTextDocumentParams) { received += params }
    override fun didChange(params: DidChangeTextDocumentParams) { received += params }
    override fun didClose(params: DidCloseTextDocumentParams) { received += params }
    override fun didSave(params: DidSaveTextDocumentParams) { received += params }
    override fun didChangeWatchedFiles(params: DidChangeWatchedFilesParams) { received += params }
    override fun didChangeConfiguration(params: DidChangeConfigurationParams) { received += params }
    override fun didChangeWorkspaceFolders(params: DidChangeWorkspaceFoldersParams) { received += params }
    override fun inlineCompletion(params: InlineCompletionParams): CompletableFuture<InlineCompletionList> =
        CompletableFuture<InlineCompletionList>().also { received += params; completionRequests += it }
    override fun selectionChanged(params: SelectionChangedParams) { received += params }
    override fun completionShown(params: CompletionShownParams) { received += params }
    override fun completionAccepted(params: CompletionAcceptedParams) { received += params }
    override fun completionPartiallyAccepted(params: CompletionPartiallyAcceptedParams) { received += params }
    override fun inlineEditStart(params: InlineEditStartParams): CompletableFuture<InlineEditStartResult> {
        received += params
        return CompletableFuture.completedFuture(InlineEditStartResult("s1", params.range, false))
    }
    override fun snippetApply(params: SnippetApplyParams) = CompletableFuture<InlineEditStartResult>()
    override fun inlineEditCancel(params: SessionParams) = CompletableFuture.completedFuture(EmptyResult()).also { received += params }
    override fun inlineEditAccept(params: SettleParams) = CompletableFuture.completedFuture(SettleResult(0)).also { received += "accept" to params }
    override fun inlineEditReject(params: SettleParams) = CompletableFuture.completedFuture(SettleResult(0)).also { received += "reject" to params }
    override fun nextEdit(params: NextEditParams) = CompletableFuture.completedFuture(NextEditResult()).also { received += params }

    inline fun <reified T> all(): List<T> = synchronized(received) { received.filterIsInstance<T>() }
}

/**
 * A sidecar "process" whose other end is an in-process lsp4j server: the JSON really crosses a byte
 * stream with Content-Length framing. [crash] ends it the way a dying process does.
 */
class FakeProcess(
    val server: RecordingServer = RecordingServer(),
    stderrText: String = "",
    pipeBytes: Int = 1 shl 16,
    /** While closed, the sidecar reads nothing from its stdin, which fills up the way a real pipe does. */
    val reading: Gate = Gate(),
) : SidecarProcess {
    private val toSidecar = PipedInputStream(pipeBytes)
    private val fromSidecar = PipedInputStream(1 shl 16)
    override val stdin = PipedOutputStream(toSidecar)
    override val stdout = fromSidecar
    override val stderr = stderrText.byteInputStream()
    override val exit = CompletableFuture<Int>()
    private val sidecarOut = PipedOutputStream(fromSidecar)
    private val launcher = Launcher.Builder<SidecarClient>()
        .setLocalService(server)
        .setRemoteInterface(SidecarClient::class.java)
        .setInput(GatedInput(toSidecar, reading))
        // One long-lived writer thread: a PipedInputStream fails reads once the thread that last wrote has died.
        .setOutput(OutgoingQueue(sidecarOut))
        .create()
    val client: SidecarClient get() = launcher.remoteProxy
    var destroyed = false

    init {
        launcher.startListening()
    }

    fun crash(code: Int = 1) {
        runCatching { sidecarOut.close() }
        runCatching { toSidecar.close() }
        exit.complete(code)
    }

    override fun destroyTree() {
        destroyed = true
        crash(143)
    }
}

/** A door reads wait at; open unless closed. */
class Gate {
    @Volatile
    private var open = true
    private val lock = Object()

    fun close() { open = false }

    fun open() = synchronized(lock) { open = true; lock.notifyAll() }

    fun pass() = synchronized(lock) { while (!open) lock.wait() }
}

class GatedInput(private val inner: java.io.InputStream, private val gate: Gate) : java.io.InputStream() {
    override fun read(): Int { gate.pass(); return inner.read() }
    override fun read(b: ByteArray, off: Int, len: Int): Int { gate.pass(); return inner.read(b, off, len) }
}

fun eventually(timeoutMs: Long = 5_000, condition: () -> Boolean) {
    val deadline = System.currentTimeMillis() + timeoutMs
    while (!condition()) {
        check(System.currentTimeMillis() < deadline) { "condition not met within $timeoutMs ms" }
        Thread.sleep(10)
    }
}
