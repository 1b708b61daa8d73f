package dev.redline.core

import com.google.gson.Gson
import com.google.gson.JsonParser
import com.google.gson.JsonPrimitive
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class DiagnosticsTest {
    // "ab\ncd(x)\n": offsets 3.. are line 1.
    private val text = "ab\ncd(x)\n"
    private fun at(offset: Int): Position = text.substring(0, offset).let { Position(it.count { c -> c == '\n' }, offset - (it.lastIndexOf('\n') + 1)) }

    @Test
    fun `keeps described highlights that overlap the range, once each, in document order, with LSP severities`() {
        val spans = listOf(
            HighlightSpan(6, 7, 300, "Unused parameter 'x'", "UnusedParameter"),
            HighlightSpan(3, 5, 400, "Cannot resolve symbol 'cd'", null),
            HighlightSpan(3, 5, 400, "Cannot resolve symbol 'cd'", null),
            HighlightSpan(3, 5, 0, null, null),
            HighlightSpan(0, 2, 400, "outside", null),
            HighlightSpan(6, 7, 200, "  Typo?  ", "SpellCheckingInspection"),
        )
        val diagnostics = Diagnostics.of(spans, 3, 8, ::at)
        assertEquals(
            listOf(
                Diagnostic(Range(Position(1, 0), Position(1, 2)), DiagnosticSeverity.ERROR, null, null, "intellij", "Cannot resolve symbol 'cd'"),
                Diagnostic(Range(Position(1, 3), Position(1, 4)), DiagnosticSeverity.WARNING, JsonPrimitive("UnusedParameter"), null, "intellij", "Unused parameter 'x'"),
                Diagnostic(Range(Position(1, 3), Position(1, 4)), DiagnosticSeverity.INFORMATION, JsonPrimitive("SpellCheckingInspection"), null, "intellij", "Typo?"),
            ),
            diagnostics,
        )
    }

    @Test
    fun `maps the platform severities to errors, warnings (server problems too), information and hints`() {
        assertEquals(listOf(1, 1, 2, 2, 3, 3, 4), listOf(400, 500, 300, 100, 200, 150, 10).map(Diagnostics::severityOf))
    }

    @Test
    fun `serializes as an LSP Diagnostic inside the start request's context`() {
        val params = InlineEditStartParams(VersionedTextDocumentIdentifier("file:///a.kt", 3), Range(), "fix", context = InlineEditContext(Diagnostics.of(listOf(HighlightSpan(3, 5, 400, "bad", "Tool")), 0, 9, ::at)))
        val json = JsonParser.parseString(Gson().toJson(params)).asJsonObject
        assertEquals(
            JsonParser.parseString("""{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":2}},"severity":1,"code":"Tool","source":"intellij","message":"bad"}"""),
            json.getAsJsonObject("context").getAsJsonArray("diagnostics")[0],
        )
    }

    @Test
    fun `caps the count`() {
        val many = (0 until 80).map { HighlightSpan(3, 4, 300, "w$it", null) }
        assertEquals(Diagnostics.MAX, Diagnostics.of(many, 0, 9, ::at).size)
    }
}
