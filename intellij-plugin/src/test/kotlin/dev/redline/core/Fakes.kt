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

/** An EditorHost over StringTextBuffers, recording the undo group of every edit; the "UI thread" is one executor. */
class FakeHost : EditorHost {
    val buffers = HashMap<String, StringTextBuffer>()
    val edits = Collections.synchronizedList(mutableListOf<Pair<UndoGroup, String>>())
    val ended = Collections.synchronizedList(mutableListOf<Triple<String, String, String?>>())
    val painted = Collections.synchronizedSet(LinkedHashSet<Pair<String, MarkSpec>>())
    val ui: ExecutorService = Executors.newSingleThreadExecutor { Thread(it, "fake-ui") }

    override fun buffer(uri: String) = buffers[uri]

    override fun painter(uri: String, sessionId: String) = MarkPainter { spec ->
        val where = buffers.getValue(uri).lineMarker(spec.line)
        val key = sessionId to spec
        painted += key
        object : PaintedMark {
            override fun currentSpec(): MarkSpec? = where()?.let { line ->
                when (spec) {
                    is LineMark -> spec.copy(line = line)
                    is WordMark -> spec.copy(line = line)
                    is StreamingMark -> spec.copy(line = line)
                    is HunkActions -> spec.copy(line = line)
                }
            }
            override fun erase() { painted -= key }
        }
    }

    override fun edit(uri: String, group: UndoGroup, body: () -> Unit) {
        body()
        edits += group to buffers.getValue(uri).text()
    }

    override fun onUiThread(task: () -> Unit) {
        ui.execute(task)
    }

    override fun sessionEnded(sessionId: String, state: String, message: String?) {
        ended += Triple(sessionId, state, message)
    }

    fun <T> onUi(task: () -> T): T = CompletableFuture.supplyAsync(task, ui).get(10, TimeUnit.SECONDS)

    fun marksOf(sessionId: String) = onUi { painted.filter { it.first == sessionId }.map { it.second }.toSet() }
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
    override fun didChangeConfiguration(params: DidChangeConfigurationParams) { received += params }
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

    inline fun <reified T> all(): List<T> = synchronized(received) { received.filterIsInstance<T>() }
}

/**
 * A sidecar "process" whose other end is an in-process lsp4j server: the JSON really crosses a byte
 * stream with Content-Length framing. [crash] ends it the way a dying process does.
 */
class FakeProcess(val server: RecordingServer = RecordingServer(), stderrText: String = "") : SidecarProcess {
    private val toSidecar = PipedInputStream(1 shl 16)
    private val fromSidecar = PipedInputStream(1 shl 16)
    override val stdin = PipedOutputStream(toSidecar)
    override val stdout = fromSidecar
    override val stderr = stderrText.byteInputStream()
    override val exit = CompletableFuture<Int>()
    private val sidecarOut = PipedOutputStream(fromSidecar)
    private val launcher = Launcher.Builder<SidecarClient>()
        .setLocalService(server)
        .setRemoteInterface(SidecarClient::class.java)
        .setInput(toSidecar)
        .setOutput(sidecarOut)
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

fun eventually(timeoutMs: Long = 5_000, condition: () -> Boolean) {
    val deadline = System.currentTimeMillis() + timeoutMs
    while (!condition()) {
        check(System.currentTimeMillis() < deadline) { "condition not met within $timeoutMs ms" }
        Thread.sleep(10)
    }
}
