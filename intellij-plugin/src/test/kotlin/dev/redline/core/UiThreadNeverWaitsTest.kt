package dev.redline.core

import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.util.Collections
import java.util.concurrent.CompletableFuture
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * The UI thread (FakeHost's "fake-ui" executor) only ever enqueues: a sidecar that stops reading, one that
 * takes 10 s to start, or a modal dialog must not hold it up, and the mirror must come out exact.
 */
class UiThreadNeverWaitsTest {
    private val uri = "file:///w.kt"
    private val host = FakeHost()
    private val buffer = StringTextBuffer("fun w() {\n}\n").also { host.buffers[uri] = it }
    private val processes = Collections.synchronizedList(mutableListOf<FakeProcess>())
    private val scheduler = Executors.newSingleThreadScheduledExecutor()
    private var server: () -> RecordingServer = { RecordingServer() }
    private val core = RedlineCore(
        spawn = { FakeProcess(server(), pipeBytes = 4096).also { processes += it } },
        host = host, scheduler = scheduler, log = {}, settings = { RedlineSettingsState().toPatch(null) }, clientVersion = "test",
        network = { ProxyPatch(proxy = "", noProxy = "") },
    )

    @AfterEach
    fun stop() {
        processes.forEach { it.reading.open() }
        core.dispose()
        scheduler.shutdownNow()
    }

    private fun openDocument() = host.onUi {
        core.editorOpened(host.view(uri), "kotlin", buffer.text())
        core.follow(uri, buffer)
    }

    /** One keystroke on the UI thread; returns how long the UI thread was busy with it, in ms. */
    private fun type(text: String): Long = host.onUi {
        val started = System.nanoTime()
        buffer.replace(buffer.length - 2, buffer.length - 2, text)
        (System.nanoTime() - started) / 1_000_000
    }

    /** The sidecar's view of the document: its didOpen, then every didChange in the order received. */
    private fun mirror(server: RecordingServer): Pair<String, Int> {
        val open = server.all<DidOpenTextDocumentParams>().last().textDocument
        val changes = server.all<DidChangeTextDocumentParams>().filter { it.textDocument.version > open.version }
        val text = StringTextBuffer(open.text)
        var version = open.version
        for (change in changes) {
            assertEquals(version + 1, change.textDocument.version, "versions arrive in order, none missing")
            version = change.textDocument.version
            for (c in change.contentChanges) text.replace(text.offsetOf(c.range!!.start), text.offsetOf(c.range!!.end), c.text)
        }
        return text.text() to version
    }

    @Test
    fun `while the sidecar reads nothing, keystrokes return at once, once it reads again, every change arrives in order`() {
        openDocument()
        core.cancel("warm-up").get(10, TimeUnit.SECONDS) // started, handshake done
        val sidecar = processes.single()
        sidecar.reading.close()
        val longest = (1..2_000).maxOf { type("val x$it = \"${"y".repeat(40)}\"\n") }
        // 2,000 changes of ~200 bytes each cannot fit a 4 KiB pipe: the sidecar has seen almost none of them.
        assertTrue(sidecar.server.all<DidChangeTextDocumentParams>().size < 100, "the pipe was full")
        assertTrue(longest < 1_000, "a keystroke held the UI thread for $longest ms")
        sidecar.reading.open()
        eventually(20_000) { sidecar.server.all<DidChangeTextDocumentParams>().size == 2_000 }
        assertEquals(host.onUi { buffer.text() } to core.documents.version(uri), mirror(sidecar.server))
    }

    @Test
    fun `a sidecar that takes 10 s to start while the user types, no wait on the UI thread, and an exact mirror`() {
        server = {
            object : RecordingServer() {
                override fun initialize(params: InitializeParams): CompletableFuture<InitializeResult> =
                    super.initialize(params).thenApplyAsync({ it }, CompletableFuture.delayedExecutor(10, TimeUnit.SECONDS))
            }
        }
        openDocument()
        val started = System.nanoTime()
        val request = core.cancel("nothing") // starts the sidecar
        var longest = 0L
        var typed = 0
        while (!request.isDone) {
            longest = maxOf(longest, type("// ${typed++}\n"))
            Thread.sleep(20)
        }
        request.get()
        assertTrue(System.nanoTime() - started >= 10_000_000_000, "the start took its 10 s")
        assertTrue(typed > 100, "the user typed all along ($typed keystrokes)")
        assertTrue(longest < 1_000, "a keystroke held the UI thread for $longest ms")
        repeat(5) { type("// after $it\n") }
        val sidecar = processes.single().server
        eventually { mirror(sidecar).second == core.documents.version(uri) }
        assertEquals(host.onUi { buffer.text() } to core.documents.version(uri), mirror(sidecar))
    }

    @Test
    fun `with a modal dialog open the sidecar still starts, and a render waits for the dialog to close`() {
        openDocument()
        host.openModal()
        core.cancel("nothing").get(10, TimeUnit.SECONDS)
        val version = core.documents.version(uri)!!
        val render = RenderParams(
            "s1", uri, version, listOf(TextEdit(Range(Position(1, 0), Position(1, 0)), "  added()\n")),
            RenderDecorations(runs = listOf(DiffLineRun(1, 1, DiffLineKind.ADDED))), undo = UndoMarker("g", open = true),
        )
        val answer = processes.single().client.applyRender(render)
        Thread.sleep(300)
        assertEquals("fun w() {\n}\n", host.onUi { buffer.text() }, "no document write while the dialog is open")
        assertTrue(!answer.isDone)
        host.closeModal()
        assertEquals(RenderResult(true, version + 1), answer.get(5, TimeUnit.SECONDS))
        assertEquals("fun w() {\n  added()\n}\n", host.onUi { buffer.text() })
    }
}
