package dev.redline.core

import kotlinx.coroutines.CancellationException
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import java.io.File
import java.util.Collections
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * The core against the packaged sidecar (REDLINE_SIDECAR, e.g. dist/redline-sidecar) and the model
 * double from model-double/ run as its own process. Skipped when REDLINE_SIDECAR is not set.
 */
class SidecarIntegrationTest {
    private val root = File(System.getProperty("redline.repoRoot", "."))
    private val uri = "file:///project/src/total.ts"
    private val original = listOf(
        "import { db } from \"./db\";", "", "export function total(items) {", "  let sum = 0;", "  for (const item of items) {",
        "    sum += item.price;", "  }", "  return sum;", "}", "", "export const VERSION = 1;", "",
    ).joinToString("\n")
    private val rewrite = listOf(
        "export function total(items) {", "  let sum = 0;", "  for (const item of items) {", "    sum += item.price * item.quantity;",
        "  }", "  return Math.round(sum);", "}",
    ).joinToString("\n")

    private lateinit var double: Process
    private lateinit var doubleUrl: String
    private lateinit var core: RedlineCore
    /** The core's log lines (the sidecar's among them, as `[sidecar] …`). */
    private val logs = Collections.synchronizedList(mutableListOf<String>())
    private val host = FakeHost()
    private val buffer = StringTextBuffer(original)
    private val sidecars = Collections.synchronizedList(mutableListOf<Process>())
    private val scheduler = Executors.newSingleThreadScheduledExecutor()

    /** [events] is the buffer whose changes are reported; [document] what the host edits (the same, or a FakeUndo document over it). */
    private fun startDouble(replies: String, events: StringTextBuffer = buffer, document: TextBuffer = events) {
        val file = File.createTempFile("replies", ".json").apply { writeText(replies); deleteOnExit() }
        double = ProcessBuilder(File(root, "node_modules/.bin/tsx").path, "model-double/src/cli.ts", "--reply-file", file.path)
            .directory(root).redirectError(ProcessBuilder.Redirect.INHERIT).start()
        val url = double.inputStream.bufferedReader().readLine()
        doubleUrl = url
        val settings = RedlineSettingsState().apply { endpoint = url; model = "coder"; requestTimeoutMs = 2000; debounceWait = 0 }
        core = RedlineCore(
            spawn = { ProcessBuilder(System.getenv("REDLINE_SIDECAR")).start().also { sidecars += it }.let(::OsSidecarProcess) },
            host = host, scheduler = scheduler, log = { logs += it; System.err.println(it) }, settings = { settings.toPatch(null) }, clientVersion = "test",
            network = { ProxyPatch(proxy = "", noProxy = "") },
        )
        host.buffers[uri] = document
        host.onUi {
            core.editorOpened(host.view(uri), "typescript", events.text())
            core.follow(uri, events)
        }
    }

    @BeforeEach
    fun needsSidecar() = assumeTrue(System.getenv("REDLINE_SIDECAR") != null, "REDLINE_SIDECAR is not set")

    @AfterEach
    fun stop() {
        if (::core.isInitialized) core.dispose()
        if (::double.isInitialized) double.destroy()
        scheduler.shutdownNow()
    }

    private fun session() = host.onUi { core.sessions.sessionsIn(uri).singleOrNull() }

    private fun startEdit(): String =
        core.startInlineEdit(uri, core.documents.version(uri)!!, Range(Position(2, 0), Position(9, 0)), "multiply by quantity and round").get(10, TimeUnit.SECONDS).sessionId

    @Test
    fun `inline edit with typing mid-stream, one hunk accepted, the other rejected`() {
        startDouble("""[{"text": ${com.google.gson.Gson().toJson(rewrite)}, "chunkSize": 4, "delayMs": 15}]""")
        val id = startEdit()
        eventually(10_000) { host.edits.isNotEmpty() }
        host.onUi { buffer.replace(0, 0, "// header\n") }
        eventually(10_000) { session()?.state == SessionState.DONE }
        val hunks = session()!!.hunks
        assertEquals(2, hunks.size)
        assertEquals(1, core.settle(id, hunks[1].start, accept = true).get(10, TimeUnit.SECONDS).remainingHunks)
        val first = session()!!.hunks.first()
        assertEquals(0, core.settle(id, first.end - 1, accept = false).get(10, TimeUnit.SECONDS).remainingHunks)
        eventually(10_000) { host.ended.isNotEmpty() }

        assertEquals("// header\n" + original.replace("return sum;", "return Math.round(sum);"), host.onUi { buffer.text() })
        assertEquals(emptySet<MarkSpec>(), host.marksOf(id))
        val groups = host.edits.map { it.first }.distinct()
        assertEquals(1, groups.size, "every edit of the session, the final one included, is in one undo group")
        assertEquals(host.onUi { buffer.text() }, host.edits.last().second, "the group closes with the session's last edit")
    }

    @Test
    fun `under the platform's undo rules, stream, type above, accept a hunk, type, reject the rest, then one Ctrl+Z restores the text exactly`() {
        val platform = FakeUndo()
        val project = platform.project("p")
        val doc = platform.document(uri, original, project)
        host.undo = platform
        startDouble("""[{"text": ${com.google.gson.Gson().toJson(rewrite)}, "chunkSize": 4, "delayMs": 15}]""", doc.buffer, doc)
        val id = startEdit()
        eventually(10_000) { host.edits.isNotEmpty() }
        host.onUi { platform.command(project, Any()) { doc.replace(0, 0, "// header\n") } }
        eventually(10_000) { session()?.state == SessionState.DONE }
        val hunks = session()!!.hunks
        assertEquals(2, hunks.size)
        assertEquals(1, core.settle(id, hunks[1].start, accept = true).get(10, TimeUnit.SECONDS).remainingHunks)
        host.onUi { platform.command(project, Any()) { doc.replace(0, 0, "// typed\n") } }
        val first = session()!!.hunks.first()
        assertEquals(0, core.settle(id, first.end - 1, accept = false).get(10, TimeUnit.SECONDS).remainingHunks)
        eventually(10_000) { host.ended.isNotEmpty() }
        assertEquals("// typed\n// header\n" + original.replace("return sum;", "return Math.round(sum);"), host.onUi { doc.text() })

        host.onUi { project.undo(doc) }
        assertEquals(original, host.onUi { doc.text() }, "one Ctrl+Z: the text before the session")
        assertEquals(false, host.onUi { project.canUndo(doc) })
        host.onUi { project.redo(doc) }
        assertEquals("// typed\n// header\n" + original.replace("return sum;", "return Math.round(sum);"), host.onUi { doc.text() })
    }

    @Test
    fun `a model server error ends the session with the cause first, offers Retry and Show log, and Retry asks the same again`() {
        val crash = "model runner has unexpectedly stopped, this may be due to resource limitations or an internal error"
        val error = """{"text": "", "status": 500, "errorBody": {"error": "$crash"}}"""
        startDouble("""[$error, {"text": ${com.google.gson.Gson().toJson(rewrite)}}]""")
        val id = startEdit()
        eventually(10_000) { host.ended.isNotEmpty() }
        assertEquals(Triple(id, "error", "$crash (500 Internal Server Error from the model server at $doubleUrl, /api/chat)."), host.ended.single())
        assertEquals(listOf(StatusAction.RETRY, StatusAction.SHOW_LOG), host.endActions[id])
        assertEquals(original, host.onUi { buffer.text() })
        // The sidecar's line for the session, at the error level, in the IDE's log.
        eventually(5_000) { logs.any { it.startsWith("[sidecar] inline edit $id ") } }
        val line = logs.first { it.startsWith("[sidecar] inline edit $id ") }
        assertTrue(Regex("""^\[sidecar] inline edit $id \d+ ms, replacement \(selection\), \+0 -0 lines, tokens \? prompt / \? reply: error \(model runner .*\)$""").matches(line), line)

        val retried = core.retry(id)!!.get(10, TimeUnit.SECONDS).sessionId
        eventually(10_000) { session()?.state == SessionState.DONE }
        core.settle(retried, null, accept = true).get(10, TimeUnit.SECONDS)
        eventually(10_000) { host.ended.size == 2 }
        assertEquals(original.replace("sum += item.price;", "sum += item.price * item.quantity;").replace("return sum;", "return Math.round(sum);"), host.onUi { buffer.text() })
        // Every session's end is one log line: how it ended, what it changed, the tokens the model server counted.
        eventually(5_000) { logs.any { it.startsWith("[sidecar] inline edit $retried ") } }
        val accepted = logs.first { it.startsWith("[sidecar] inline edit $retried ") }
        assertTrue(Regex("""^\[sidecar] inline edit $retried \d+ ms, replacement \(selection\), \+2 -2 lines, tokens \d+ prompt / \d+ reply: accepted \(accept all\)$""").matches(accepted), accepted)
    }

    @Test
    fun `a completion is cancelled mid-request, then a second one answers`() = runBlocking {
        startDouble("""{"script": [{"text": "slow slow slow", "chunkSize": 1, "delayMs": 300}], "default": {"text": "items.length;"}}""")
        host.onUi { buffer.replace(buffer.offsetOf(Position(7, 9)), buffer.offsetOf(Position(7, 12)), "") } // "  return |;"
        val first = async(Dispatchers.IO) { core.completion.complete(uri, Position(7, 9), invoked = true) }
        delay(500)
        first.cancel()
        assertThrows(CancellationException::class.java) { runBlocking { first.await() } }
        val second = withTimeout(15_000) { async(Dispatchers.IO) { core.completion.complete(uri, Position(7, 9), invoked = true) }.await() }
        assertNotNull(second)
    }

    @Test
    fun `the sidecar killed mid-stream is restarted, the session cancelled, the buffer back to its text`() {
        startDouble("""{"script": [{"text": ${com.google.gson.Gson().toJson(rewrite)}, "chunkSize": 2, "delayMs": 50}], "default": {"text": ${com.google.gson.Gson().toJson(rewrite)}}}""")
        startEdit()
        eventually(10_000) { host.edits.isNotEmpty() }
        sidecars[0].destroyForcibly()
        eventually(10_000) { host.ended.isNotEmpty() }
        assertEquals(SessionState.CANCELLED, host.ended.single().second)
        assertEquals(original, host.onUi { buffer.text() })

        eventually(15_000) { sidecars.size == 2 }
        // The restarted sidecar has the document at the current version: a new session starts and rejects cleanly.
        val id = startEdit()
        eventually(10_000) { session()?.state == SessionState.DONE || host.ended.size == 2 }
        assertEquals(1, host.ended.size, "the second session ended early: ${host.ended}")
        core.settle(id, null, accept = false).get(10, TimeUnit.SECONDS)
        eventually(10_000) { host.ended.size == 2 }
        assertEquals("rejected", host.ended.last().second)
        assertEquals(original, host.onUi { buffer.text() })
    }
}
