package dev.redline.core

import com.google.gson.JsonParser
import org.eclipse.lsp4j.jsonrpc.json.MessageJsonHandler
import org.eclipse.lsp4j.jsonrpc.messages.Message
import org.eclipse.lsp4j.jsonrpc.messages.NotificationMessage
import org.eclipse.lsp4j.jsonrpc.messages.RequestMessage
import org.eclipse.lsp4j.jsonrpc.services.ServiceEndpoints
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

/** Messages as the TypeScript side writes them (fixtures written from its types), through lsp4j's own Gson. */
class ProtocolJsonTest {
    private val incoming = MessageJsonHandler(ServiceEndpoints.getSupportedMethods(SidecarClient::class.java))
    private val outgoing = MessageJsonHandler(ServiceEndpoints.getSupportedMethods(SidecarServer::class.java))

    private fun fixture(name: String) = javaClass.getResource("/fixtures/$name")!!.readText()

    private fun assertSerializesTo(fixture: String, message: Message) =
        assertEquals(JsonParser.parseString(fixture(fixture)), JsonParser.parseString(outgoing.serialize(message)))

    @Test
    fun `a render request parses into typed params`() {
        val params = (incoming.parseMessage(fixture("applyRender.request.json")) as RequestMessage).params as RenderParams
        assertEquals(3, params.version)
        assertEquals(TextEdit(Range(Position(2, 0), Position(2, 0)), "  return a + b;\n"), params.edits.single())
        assertEquals(1, params.decorations.from)
        assertEquals(listOf(DiffLineRun(1, 1, "removed"), DiffLineRun(2, 1, "added")), params.decorations.runs)
        assertEquals(WordSpan(2, 9, 14, "added"), params.decorations.words.single())
        assertNull(params.decorations.streamingLine)
        assertEquals(Hunk(1, 3, 1, 1), params.hunks.single())
        assertEquals(UndoMarker("redline-s-1", open = true, close = false), params.undo)
    }

    @Test
    fun `a status without message keeps a null message and the other fields`() {
        val params = (incoming.parseMessage(fixture("status.notification.json")) as NotificationMessage).params as SessionStatusParams
        assertEquals(SessionStatusParams("s-1", "file:///w/a.ts", "done", null, 2), params)
    }

    @Test
    fun `results parse, optional range absent or present`() {
        val init = incoming.gson.fromJson(fixture("initialize.result.json"), InitializeResult::class.java)
        assertEquals(InitializeResult(ServerCapabilities(2, true, true), ServerInfo("redline-sidecar", "0.1.0")), init)
        val list = incoming.gson.fromJson(fixture("inlineCompletion.result.json"), InlineCompletionList::class.java)
        assertNull(list.items[0].range)
        assertEquals(Range(Position(4, 2), Position(4, 4)), list.items[1].range)
    }

    @Test
    fun `a missing list field keeps its empty default instead of null`() {
        val decorations = incoming.gson.fromJson("""{"streamingLine": 3}""", RenderDecorations::class.java)
        assertEquals(RenderDecorations(0, emptyList(), emptyList(), emptyList(), 3), decorations)
    }

    @Test
    fun `client messages serialize as the TypeScript types expect`() {
        val change = TextDocumentContentChangeEvent(Range(Position(0, 3), Position(1, 0)), "\uD83D\uDE42")
        assertSerializesTo("didChange.notification.json", NotificationMessage().apply {
            jsonrpc = "2.0"; method = "textDocument/didChange"
            params = DidChangeTextDocumentParams(VersionedTextDocumentIdentifier("file:///w/a.ts", 4), listOf(change))
        })
        assertSerializesTo("acceptAll.request.json", RequestMessage().apply {
            jsonrpc = "2.0"; setId(1); method = "redline/inlineEdit/accept"; params = SettleParams("s-1")
        })
        val patch = RedlineSettingsPatch(provider = "openai", endpoint = "http://127.0.0.1:8080/v1", temperature = 0.2)
        assertSerializesTo("initialize.request.json", RequestMessage().apply {
            jsonrpc = "2.0"; setId(1); method = "initialize"
            params = InitializeParams(42, ClientInfo("Redline for JetBrains IDEs", "0.1.0"), patch, ClientCapabilities(true))
        })
    }

    @Test
    fun `the API key never shows in a settings patch's toString`() {
        val text = RedlineSettingsPatch(apiKey = "sk-secret", model = "m").toString()
        assertFalse("sk-secret" in text, text)
    }
}
