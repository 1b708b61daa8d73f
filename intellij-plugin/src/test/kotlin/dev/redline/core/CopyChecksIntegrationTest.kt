package dev.redline.core

import com.google.gson.Gson
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Assumptions.assumeTrue
import org.junit.jupiter.api.BeforeEach
import org.junit.jupiter.api.Test
import java.io.File
import java.util.Collections
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit

/**
 * The sidecar's checks of a proposal answered by the core over the fake IDE tools (FakeCopyTools), against the
 * packaged sidecar (REDLINE_SIDECAR) and the model double run as its own process. Skipped without REDLINE_SIDECAR.
 */
class CopyChecksIntegrationTest {
    private val root = File(System.getProperty("redline.repoRoot", "."))
    private val uri = "file:///project/src/total.ts"
    private val original = listOf(
        "import { db } from \"./db\";", "", "export function total(items) {", "   let sum = 0;", "  for (const item of items) {",
        "    sum += item.price;", "  }", "  return sum;", "}", "",
    ).joinToString("\n")

    private lateinit var double: Process
    private lateinit var core: RedlineCore
    private val tools = FakeCopyTools()
    private val logs = Collections.synchronizedList(mutableListOf<String>())
    private val host = FakeHost()
    private val buffer = StringTextBuffer(original)
    private val scheduler = Executors.newSingleThreadScheduledExecutor()

    private fun start(reply: String) {
        val file = File.createTempFile("replies", ".json").apply { writeText("""[{"text": ${Gson().toJson(reply)}, "chunkSize": 6}]"""); deleteOnExit() }
        double = ProcessBuilder(File(root, "node_modules/.bin/tsx").path, "model-double/src/cli.ts", "--reply-file", file.path)
            .directory(root).redirectError(ProcessBuilder.Redirect.INHERIT).start()
        val url = double.inputStream.bufferedReader().readLine()
        val settings = RedlineSettingsState().apply { endpoint = url; model = "coder"; requestTimeoutMs = 5000 }
        core = RedlineCore(
            spawn = { OsSidecarProcess(ProcessBuilder(System.getenv("REDLINE_SIDECAR")).start()) },
            host = host, scheduler = scheduler, log = { logs += it }, settings = { settings.toPatch(null) }, clientVersion = "test",
            network = { ProxyPatch(proxy = "", noProxy = "") },
            copyTools = tools,
        )
        host.buffers[uri] = buffer
        host.onUi {
            core.editorOpened(host.view(uri), "typescript", buffer.text())
            core.follow(uri, buffer)
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

    private fun proposeAndWait(): String {
        val id = core.startInlineEdit(uri, core.documents.version(uri)!!, Range(Position(2, 0), Position(9, 0)), "multiply by quantity and round").get(10, TimeUnit.SECONDS).sessionId
        eventually(15_000) { host.onUi { core.sessions.sessionsIn(uri).singleOrNull()?.state } == SessionState.DONE }
        return id
    }

    @Test
    fun `a badly indented reply arrives formatted by the IDE's code style, the user's own line untouched`() {
        start(listOf("export function total(items) {", "   let sum = 0;", "  for (const item of items) {", "  sum += item.price * item.quantity;", "  }", "      return Math.round(sum);", "}").joinToString("\n"))
        val id = proposeAndWait()
        assertEquals(listOf("format", "problems", "problems"), tools.calls.map { it.first })
        assertEquals(0, core.settle(id, null, accept = true).get(10, TimeUnit.SECONDS).remainingHunks)
        eventually(10_000) { host.ended.isNotEmpty() }
        assertEquals(original.replace("    sum += item.price;", "    sum += item.price * item.quantity;").replace("  return sum;", "  return Math.round(sum);"), host.onUi { buffer.text() })
    }

    @Test
    fun `a reply calling an undefined function shows one new problem on its line, in the IDE's words`() {
        start(listOf("export function total(items) {", "   let sum = 0;", "  for (const item of items) {", "    sum += item.price;", "  }", "  return applyDiscount(sum);", "}").joinToString("\n"))
        val id = proposeAndWait()
        val shown = host.warnings.last { it.first == id }.third
        val line = host.onUi { buffer.text() }.split("\n").indexOf("  return applyDiscount(sum);")
        assertEquals(listOf(Triple("editorProblem", line, "New problem (IntelliJ): Cannot resolve symbol 'applyDiscount'")), shown.map { Triple(it.kind, it.line, it.message) })
        assertTrue(logs.none { "not analysed" in it || "not formatted" in it }, logs.joinToString("\n"))
        core.settle(id, null, accept = false).get(10, TimeUnit.SECONDS)
    }
}
