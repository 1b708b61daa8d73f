package dev.redline.core

import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import java.util.Collections
import java.util.concurrent.CompletableFuture
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/** Which document changes ask for a next edit, through the core and an in-process sidecar double that shows a hunk. */
class NextEditCoreTest {
    private val uri = "file:///n.kt"
    private val host = FakeHost()
    private val scheduler = Executors.newSingleThreadScheduledExecutor()
    @Volatile private var enabled = true

    /** Answers a next-edit request with a hunk it renders first (a green line under line 0), as the sidecar does. */
    private inner class Server : RecordingServer() {
        lateinit var client: SidecarClient
        val asked = Collections.synchronizedList(mutableListOf<NextEditParams>())

        override fun nextEdit(params: NextEditParams): CompletableFuture<NextEditResult> {
            asked += params
            if (asked.size > 1) return CompletableFuture.completedFuture(NextEditResult())
            return CompletableFuture.supplyAsync {
                val render = RenderParams(
                    "n1", uri, params.textDocument.version,
                    edits = listOf(TextEdit(Range(Position(1, 0), Position(1, 0)), "b\n")),
                    decorations = RenderDecorations(runs = listOf(DiffLineRun(0, 1, "removed"), DiffLineRun(1, 1, "added"))),
                    hunks = listOf(Hunk(0, 2, 1, 1)),
                    undo = UndoMarker("n1", open = true, close = false),
                )
                client.applyRender(render).get(5, TimeUnit.SECONDS)
                NextEditResult(NextEditSuggestion(params.textDocument.version, display = NextEditDisplay.PROPOSAL, sessionId = "n1"))
            }
        }
    }

    private val servers = Collections.synchronizedList(mutableListOf<Server>())
    private val core = RedlineCore(
        spawn = { Server().let { s -> FakeProcess(s).also { s.client = it.client; servers += s } } },
        host = host, scheduler = scheduler, log = {}, settings = { RedlineSettingsState().toPatch(null) }, clientVersion = "test",
        network = { ProxyPatch(proxy = "", noProxy = "") },
        nextEditEnabled = { enabled },
    )

    @AfterEach
    fun stop() {
        core.dispose()
        scheduler.shutdownNow()
    }

    @Test
    fun `the user's change asks once, the render that shows the hunk, undo and redo, and a change with the setting off ask nothing`() {
        val buffer = StringTextBuffer("a\nc\n")
        host.buffers[uri] = buffer
        host.onUi {
            core.editorOpened(host.view(uri), "kotlin", buffer.text())
            core.follow(uri, buffer)
        }
        // Starts the sidecar: the first request only goes to a running one.
        core.startInlineEdit(uri, core.documents.version(uri)!!, Range(Position(0, 0), Position(0, 1)), "x").get(5, TimeUnit.SECONDS)
        val server = servers.single()

        host.onUi { buffer.replace(0, 1, "A") }
        eventually { host.onUi { buffer.text() } == "A\nb\nc\n" }
        eventually { host.onUi { core.nextEdits.shownHunk(uri) } != null || server.asked.size == 1 }
        assertEquals(1, server.asked.size, "one request for the user's change, none for the render")
        assertEquals(NextEditParams(VersionedTextDocumentIdentifier(uri, 1), Position(0, 1), NextEditTrigger.AUTOMATIC), server.asked.single())

        host.onUi { core.documentChanged(uri, Position(2, 0), "", "d", undoOrRedo = true) { buffer.text() } }
        enabled = false
        host.onUi { buffer.replace(0, 0, "//") }
        host.onUi { }
        assertEquals(1, server.asked.size)
    }
}
