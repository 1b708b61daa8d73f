package dev.redline.core

import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import java.util.Collections
import java.util.concurrent.CompletableFuture
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/** The core against an in-process sidecar double that streams one render, then dies. */
class RedlineCoreTest {
    private val uri = "file:///f.kt"
    private val original = "fun f() {\n  return 1\n}\n"
    private val host = FakeHost()
    private val processes = Collections.synchronizedList(mutableListOf<FakeProcess>())
    private val scheduler = Executors.newSingleThreadScheduledExecutor()

    /** Answers start with a session and, off lsp4j's reader thread, sends the first render of the proposal. */
    private inner class StreamingServer : RecordingServer() {
        lateinit var client: SidecarClient
        val renders = Collections.synchronizedList(mutableListOf<RenderResult>())

        override fun inlineEditStart(params: InlineEditStartParams): CompletableFuture<InlineEditStartResult> {
            received += params
            CompletableFuture.runAsync {
                val render = RenderParams(
                    "s1", uri, params.textDocument.version,
                    edits = listOf(TextEdit(Range(Position(2, 0), Position(2, 0)), "  return 2\n  ret\n")),
                    decorations = RenderDecorations(runs = listOf(DiffLineRun(1, 1, "removed"), DiffLineRun(2, 2, "added")), streamingLine = 3),
                    hunks = listOf(Hunk(1, 3, 1, 1)),
                    undo = UndoMarker("g", open = true, close = false),
                )
                renders += client.applyRender(render).get(5, TimeUnit.SECONDS)
            }
            return CompletableFuture.completedFuture(InlineEditStartResult("s1", params.range, false))
        }
    }

    /** What the IDE's proxy settings answer for the endpoint. */
    @Volatile private var ideProxy = ProxyPatch(proxy = "", noProxy = "")
    private val core = RedlineCore(
        spawn = { StreamingServer().let { s -> FakeProcess(s).also { s.client = it.client; processes += it } } },
        host = host, scheduler = scheduler, log = {}, settings = { RedlineSettingsState().toPatch(null, ideProxy) }, clientVersion = "test",
        network = { ideProxy },
    )

    @AfterEach
    fun stop() {
        core.dispose()
        scheduler.shutdownNow()
    }

    /** Opens the document and starts an edit, which starts the sidecar: its double. */
    private fun startedSidecar(): RecordingServer {
        val buffer = StringTextBuffer(original)
        host.buffers[uri] = buffer
        host.onUi { core.editorOpened(host.view(uri), "kotlin", buffer.text()) }
        core.startInlineEdit(uri, core.documents.version(uri)!!, Range(Position(1, 0), Position(1, 10)), "x").get(5, TimeUnit.SECONDS)
        return processes[0].server
    }

    @Test
    fun `a start collapses its editor's selection to the range's start at once, and retry sends the same instruction over the same range`() {
        val buffer = StringTextBuffer(original)
        host.buffers[uri] = buffer
        val view = host.view(uri)
        host.onUi { core.editorOpened(view, "kotlin", buffer.text()) }
        val range = Range(Position(1, 2), Position(2, 1))
        val started = host.onUi {
            core.startInlineEdit(uri, core.documents.version(uri)!!, range, "return 2", view = view).also {
                // Collapsed when the instruction is captured, before anything is rendered.
                assertEquals(listOf("main" to Position(1, 2)), host.collapsed.toList())
            }
        }
        assertEquals("s1", started.get(5, TimeUnit.SECONDS).sessionId)
        eventually(5_000) { host.onUi { buffer.text() } != original }
        core.retry("s1")!!.get(5, TimeUnit.SECONDS)
        val starts = processes[0].server.received.filterIsInstance<InlineEditStartParams>()
        assertEquals(2, starts.size)
        assertEquals(starts[0].copy(textDocument = starts[1].textDocument), starts[1])
        assertEquals(core.documents.version(uri), starts[1].textDocument.version, "retried at the document's version now")
        assertEquals(null, core.retry("unknown"))
    }

    @Test
    fun `a sidecar crash mid-stream reverts the proposal, cancels the session, and the restarted sidecar gets the document back`() {
        val buffer = StringTextBuffer(original)
        host.buffers[uri] = buffer
        host.onUi {
            core.editorOpened(host.view(uri), "kotlin", buffer.text())
            core.follow(uri, buffer)
        }
        core.startInlineEdit(uri, core.documents.version(uri)!!, Range(Position(1, 0), Position(1, 10)), "return 2").get(5, TimeUnit.SECONDS)
        val first = processes[0].server as StreamingServer
        eventually { first.renders.isNotEmpty() }
        assertEquals(RenderResult(true, 1), first.renders.single())
        assertEquals("fun f() {\n  return 1\n  return 2\n  ret\n}\n", host.onUi { buffer.text() })

        processes[0].crash()
        eventually { host.ended.isNotEmpty() }
        assertEquals("cancelled", host.ended.single().second)
        assertEquals(original, host.onUi { buffer.text() })
        assertEquals(emptySet<MarkSpec>(), host.marksOf("s1"))

        eventually { processes.size == 2 && processes[1].server.all<DidOpenTextDocumentParams>().isNotEmpty() }
        val reopened = processes[1].server.all<DidOpenTextDocumentParams>().single().textDocument
        assertEquals(original, reopened.text)
        assertEquals(core.documents.version(uri), reopened.version)
    }

    @Test
    fun `a session ended by a crash, the text as it was and the caret not moved, selects the instruction's lines again`() {
        val buffer = StringTextBuffer(original)
        host.buffers[uri] = buffer
        val view = host.view(uri)
        host.onUi {
            core.editorOpened(view, "kotlin", buffer.text())
            core.follow(uri, buffer)
        }
        val range = Range(Position(1, 0), Position(1, 10))
        host.onUi { core.startInlineEdit(uri, core.documents.version(uri)!!, range, "return 2", view = view) }.get(5, TimeUnit.SECONDS)
        eventually { (processes[0].server as StreamingServer).renders.isNotEmpty() }
        assertEquals(emptyList<Pair<String, Range>>(), host.selected.toList())
        processes[0].crash()
        eventually { host.ended.isNotEmpty() }
        assertEquals(original, host.onUi { buffer.text() })
        assertEquals(listOf("main" to range), host.onUi { host.selected.toList() })
    }

    @Test
    fun `didChange carries the checksum of the text, and the sidecar asking for the text gets it with its version`() {
        val buffer = StringTextBuffer(original)
        host.buffers[uri] = buffer
        host.onUi {
            core.editorOpened(host.view(uri), "kotlin", buffer.text())
            core.follow(uri, buffer)
        }
        core.cancel("starts the sidecar")
        eventually { processes.isNotEmpty() && processes[0].server.all<DidOpenTextDocumentParams>().isNotEmpty() }
        val server = processes[0].server as StreamingServer
        host.onUi { buffer.replace(0, 3, "private fun") }
        eventually { server.all<DidChangeTextDocumentParams>().isNotEmpty() }
        val text = host.onUi { buffer.text() }
        assertEquals(Checksum.of(text), server.all<DidChangeTextDocumentParams>().single().checksum)
        val answer = server.client.documentText(DocumentTextParams(uri)).get(5, TimeUnit.SECONDS)
        assertEquals(DocumentTextResult(core.documents.version(uri)!!, text), answer)
    }

    @Test
    fun `initialize names the host's workspace folders, and a start carries the diagnostics as its context`() {
        host.folders = listOf(WorkspaceFolder("file:///projects/shop", "shop"))
        val buffer = StringTextBuffer(original)
        host.buffers[uri] = buffer
        host.onUi { core.editorOpened(host.view(uri), "kotlin", buffer.text()) }
        val diagnostic = Diagnostic(Range(Position(1, 2), Position(1, 8)), DiagnosticSeverity.WARNING, null, null, "intellij", "Unused")
        core.startInlineEdit(uri, core.documents.version(uri)!!, Range(Position(1, 0), Position(1, 10)), "x", listOf(diagnostic)).get(5, TimeUnit.SECONDS)
        val server = processes[0].server
        assertEquals(host.folders, server.all<InitializeParams>().single().workspaceFolders)
        assertEquals(listOf(diagnostic), server.all<InlineEditStartParams>().single().context?.diagnostics)
    }

    @Test
    fun `the sidecar hears each change of the workspace folders once, and nothing before it has started`() {
        val shop = WorkspaceFolder("file:///projects/shop", "shop")
        val store = WorkspaceFolder("file:///projects/store", "store")
        host.folders = listOf(shop)
        host.onUi { core.workspaceFoldersChanged() }
        assertEquals(0, processes.size)

        val server = startedSidecar()
        assertEquals(listOf(shop), server.all<InitializeParams>().single().workspaceFolders)

        host.folders = listOf(shop, store)
        host.onUi { core.workspaceFoldersChanged() }
        host.onUi { core.workspaceFoldersChanged() }
        host.folders = listOf(store)
        host.onUi { core.workspaceFoldersChanged() }
        eventually { server.all<DidChangeWorkspaceFoldersParams>().size == 2 }
        assertEquals(
            listOf(WorkspaceFoldersChangeEvent(added = listOf(store)), WorkspaceFoldersChangeEvent(removed = listOf(shop))),
            server.all<DidChangeWorkspaceFoldersParams>().map { it.event },
        )
    }

    @Test
    fun `files changed on disk reach the running sidecar, those in its folders only, and nothing before it has started`() {
        val shop = WorkspaceFolder("file:///projects/shop", "shop")
        host.folders = listOf(shop)
        core.filesChanged(listOf(FileSystemChange(FileSystemChange.Kind.CHANGED, "/projects/shop/a.kt")))
        assertEquals(0, processes.size)

        val server = startedSidecar()
        core.filesChanged(listOf(FileSystemChange(FileSystemChange.Kind.CHANGED, "/elsewhere/b.kt")))
        core.filesChanged(listOf(FileSystemChange(FileSystemChange.Kind.CREATED, "/projects/shop/c.kt"), FileSystemChange(FileSystemChange.Kind.CHANGED, "/elsewhere/d.kt")))
        eventually { server.all<DidChangeWatchedFilesParams>().isNotEmpty() }
        assertEquals(listOf(listOf(FileEvent("file:///projects/shop/c.kt", WatchedFiles.CREATED))), server.all<DidChangeWatchedFilesParams>().map { it.changes })
    }

    @Test
    fun `a change of the IDE's proxy reaches the running sidecar once, as the network settings alone, and the same answer again sends nothing`() {
        ideProxy = ProxyPatch(proxy = "http://proxy.corp:3128", noProxy = "")
        core.proxyChanged()
        assertEquals(0, processes.size)

        val server = startedSidecar()
        // A request answered comes after every notification sent before it: what was sent has arrived.
        val arrived = { core.cancel("barrier").exceptionally { null }.get(5, TimeUnit.SECONDS) }
        assertEquals("http://proxy.corp:3128", server.all<InitializeParams>().single().initializationOptions?.proxy)
        core.proxyChanged()
        arrived()
        assertEquals(emptyList<DidChangeConfigurationParams>(), server.all<DidChangeConfigurationParams>())

        // The user switches the IDE to no proxy.
        ideProxy = ProxyPatch(proxy = "", noProxy = "*")
        core.proxyChanged()
        core.proxyChanged()
        arrived()
        assertEquals(listOf(RedlineSettingsPatch(proxy = "", noProxy = "*")), server.all<DidChangeConfigurationParams>().map { it.settings.redline })

        // The whole settings carry the IDE's answer too: after them, the same answer is not sent again.
        core.settingsChanged()
        core.proxyChanged()
        arrived()
        assertEquals(2, server.all<DidChangeConfigurationParams>().size)
        assertEquals("*", server.all<DidChangeConfigurationParams>().last().settings.redline?.noProxy)
    }
}
