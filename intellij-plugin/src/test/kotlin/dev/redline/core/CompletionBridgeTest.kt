package dev.redline.core

import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.async
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.util.concurrent.CompletableFuture
import java.util.concurrent.TimeUnit

class CompletionBridgeTest {
    private val process = FakeProcess()
    private val connection = JsonRpcConnection(process.stdout, process.stdin, object : SidecarClient {
        override fun applyRender(params: RenderParams) = CompletableFuture<RenderResult>()
        override fun documentText(params: DocumentTextParams) = CompletableFuture<DocumentTextResult>()
        override fun formatText(params: FormatTextParams) = CompletableFuture<FormatTextResult>()
        override fun diagnoseText(params: DiagnoseTextParams) = CompletableFuture<DiagnoseTextResult>()
        override fun logMessage(params: LogMessageParams) {}
        override fun sessionStatus(params: SessionStatusParams) {}
    })
    private val bridge = CompletionBridge({ CompletableFuture.completedFuture(connection) }) { connection.server }
    private val uri = "file:///a.kt"

    @AfterEach
    fun close() {
        connection.close("test over")
        process.crash()
    }

    @Test
    fun `answers with the first non-empty item`() = runBlocking {
        val answer = async(Dispatchers.Default) { bridge.complete(uri, Position(1, 2), invoked = true) }
        eventually { process.server.completionRequests.size == 1 }
        process.server.completionRequests[0].complete(InlineCompletionList(listOf(InlineCompletionItem(""), InlineCompletionItem("x + 1"))))
        assertEquals("x + 1", withTimeout(5_000) { answer.await() }?.insertText)
        val request = process.server.all<InlineCompletionParams>().single()
        assertEquals(TriggerKind.INVOKED, request.context.triggerKind)
        assertEquals(Position(1, 2), request.position)
    }

    @Test
    fun `cancelling the caller's coroutine sends a cancel request to the sidecar`() = runBlocking {
        val answer = async(Dispatchers.Default) { bridge.complete(uri, Position(0, 0), invoked = false) }
        eventually { process.server.completionRequests.size == 1 }
        answer.cancel()
        // lsp4j on the sidecar side cancels its handler's future when $/cancelRequest arrives.
        eventually { process.server.completionRequests[0].isCancelled }
        assertTrue(answer.isCancelled)
    }

    @Test
    fun `shown, partial and full acceptance reach the sidecar`() {
        val item = InlineCompletionItem("return value")
        bridge.shown(uri, Position(3, 4), item, ghostLength = 12)
        bridge.changed(uri, -7) // "return " inserted by a partial accept
        bridge.changed(uri, +0)
        bridge.inserted(uri)
        bridge.inserted(uri) // a second insert event for the same item is not a second acceptance
        eventually { process.server.all<CompletionAcceptedParams>().isNotEmpty() }
        assertEquals(item, process.server.all<CompletionShownParams>().single().item)
        assertEquals(listOf(7), process.server.all<CompletionPartiallyAcceptedParams>().map { it.acceptedLength })
        assertEquals(1, process.server.all<CompletionAcceptedParams>().size)
    }

    @Test
    fun `a re-render of the shown item neither announces it again nor forgets what was accepted`() {
        val item = InlineCompletionItem("return value")
        bridge.shown(uri, Position(3, 4), item, ghostLength = 12)
        bridge.changed(uri, -7)
        bridge.shown(uri, Position(3, 4), item, ghostLength = 12)
        bridge.changed(uri, -2)
        bridge.hidden(uri)
        val next = InlineCompletionItem("return value")
        bridge.shown(uri, Position(3, 4), next, ghostLength = 12)
        eventually { process.server.all<CompletionShownParams>().size == 2 }
        assertEquals(listOf(7, 9), process.server.all<CompletionPartiallyAcceptedParams>().map { it.acceptedLength })
    }

    @Test
    fun `ghost text drops what the item repeats before the caret, or gives up`() {
        val range = Range(Position(0, 0), Position(0, 3))
        assertEquals("urn x", CompletionBridge.ghostText(InlineCompletionItem("return x", range), "ret"))
        assertNull(CompletionBridge.ghostText(InlineCompletionItem("retry()", range), "rex"))
        assertEquals("abc", CompletionBridge.ghostText(InlineCompletionItem("abc"), "ignored"))
    }

    @Test
    fun `only typing and explicit calls in mirrored documents are claimed, and the event after an accept only when asked for`() {
        val on = CompletionSettings.of(RedlineSettingsState())
        val off = CompletionSettings.of(RedlineSettingsState().apply { enableSubsequentCompletions = false })
        val enabled = { name: String, mirrored: Boolean, settings: CompletionSettings ->
            CompletionTriggers.enabled(CompletionTriggers.of(name), if (mirrored) "kotlin" else null, midWord = false, settings)
        }
        assertTrue(enabled("DocumentChange", true, on))
        assertTrue(enabled("DirectCall", true, on))
        // The platform asks only the named provider on a manual call; Redline claims its own (below), not another's.
        assertEquals(false, enabled("ManualCall", true, on))
        assertTrue(enabled("SuggestionInserted", true, on))
        assertEquals(false, enabled("SuggestionInserted", true, off))
        assertEquals(false, enabled("DocumentChange", false, on))
        for (other in listOf("LookupChange", "LookupCancelled", "Backspace", "TemplateInserted", "InsertNextWord")) {
            assertEquals(false, enabled(other, true, on), other)
        }
    }

    @Test
    fun `nothing is claimed with completion off, in a language turned off, or mid-word, where the sidecar would answer nothing`() {
        val typing = CompletionTriggers.Trigger.TYPING
        val state = RedlineSettingsState().apply { completionDisabledLanguages = " Markdown, plaintext json" }
        val settings = CompletionSettings.of(state)
        assertEquals(setOf("markdown", "plaintext", "json"), settings.disabledLanguages)
        assertEquals(false, CompletionTriggers.enabled(typing, "markdown", false, settings))
        assertEquals(false, CompletionTriggers.enabled(typing, "JSON", false, settings))
        assertTrue(CompletionTriggers.enabled(typing, "kotlin", false, settings))
        assertEquals(false, CompletionTriggers.enabled(CompletionTriggers.Trigger.EXPLICIT, "kotlin", false, CompletionSettings.of(state.apply { completionEnabled = false })))
        assertEquals(false, CompletionTriggers.enabled(typing, "kotlin", true, CompletionSettings()))
        // The sidecar's rule (gates.ts isMidWord): a word character on both sides.
        assertTrue(CompletionTriggers.midWord('o', 'o'))
        assertTrue(CompletionTriggers.midWord('é', 'ß'))
        assertTrue(CompletionTriggers.midWord('_', '$'))
        assertEquals(false, CompletionTriggers.midWord('o', null))
        assertEquals(false, CompletionTriggers.midWord(null, 'x'))
        assertEquals(false, CompletionTriggers.midWord('(', 'x'))
        assertEquals(false, CompletionTriggers.midWord('o', ')'))
    }

    @Test
    fun `Redline's own manual call, for a next edit's ghost text, is claimed with completion off, in a language turned off, and mid-word`() {
        val off = CompletionSettings.of(RedlineSettingsState().apply { completionEnabled = false; completionDisabledLanguages = "kotlin" })
        val ghost = CompletionTriggers.of("ManualCall", redlineCall = true)
        assertTrue(CompletionTriggers.claims(ghost, "kotlin", midWord = true, off))
        assertTrue(CompletionTriggers.claims(ghost, "kotlin", midWord = false, CompletionSettings()))
        assertEquals(false, CompletionTriggers.claims(CompletionTriggers.of("DirectCall"), "kotlin", midWord = true, off))
        assertTrue(CompletionTriggers.claims(CompletionTriggers.of("DirectCall"), "kotlin", midWord = true, off, ghostCall = true), "the IDE's own call made for the ghost text")
    }
}
