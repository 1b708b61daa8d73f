package dev.redline.core

import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.util.concurrent.TimeUnit

/** The answers to redline/formatText and redline/diagnoseText over the fake IDE tools (FakeCopyTools). */
class CopyChecksTest {
    private val tools = FakeCopyTools()
    private val checks = CopyChecks(tools)

    @AfterEach
    fun stop() = checks.dispose()

    private val text = listOf("export function total(items) {", "   let sum = 0;", "for (const i of items) sum += i;", "    return sum;", "}").joinToString("\n")
    private fun lines(first: Int, last: Int, lastLength: Int) = Range(Position(first, 0), Position(last, lastLength))

    @Test
    fun `formats only the lines asked, giving the IDE their offsets`() {
        val result = checks.format(FormatTextParams("file:///p/total.ts", "typescript", text, listOf(lines(2, 2, 32)), 2000)).get(5, TimeUnit.SECONDS)
        // Line 2 starts at offset 47 ("export function total(items) {\n" is 31 units, "   let sum = 0;\n" 16): its 32 characters.
        assertEquals(listOf(47 until 79), tools.calls.single().second)
        assertEquals(text.replace("\nfor (const", "\n  for (const"), result.text)
        assertNull(result.reason)
    }

    @Test
    fun `says why when the IDE has no formatter, fails, or takes longer than the budget`() {
        val none = checks.format(FormatTextParams("file:///p/notes.txt", "plaintext", "a", listOf(lines(0, 0, 1)), 2000)).get(5, TimeUnit.SECONDS)
        assertEquals(FormatTextResult(reason = "the IDE has no formatter for plaintext"), none)

        tools.fail = "the formatting model threw"
        val failed = checks.format(FormatTextParams("file:///p/total.ts", "typescript", text, listOf(lines(2, 2, 32)), 2000)).get(5, TimeUnit.SECONDS)
        assertEquals(FormatTextResult(reason = "the IDE's formatter failed: the formatting model threw"), failed)
        tools.fail = null

        tools.delayMs = 1500
        val started = System.nanoTime()
        val late = checks.diagnose(DiagnoseTextParams("file:///p/total.ts", "typescript", text, text, listOf(lines(2, 2, 32)), 400)).get(5, TimeUnit.SECONDS)
        val took = (System.nanoTime() - started) / 1_000_000
        assertEquals(DiagnoseTextResult(reason = "the IDE's analysis took longer than 400 ms"), late)
        assertTrue(took < 1000, "answered after $took ms, not when the analysis ended")
    }

    @Test
    fun `reports both copies' problems at LSP positions, counting UTF-16 units`() {
        val before = "const a = 1;\nlegacy();\n"
        // The emoji is two UTF-16 units: `applyDiscount` starts at character 16 of line 2 (15 counted in code points).
        val after = "const a = 1;\nlegacy();\nconst s = \"\uD83D\uDE00\"; applyDiscount(a);\n"
        val result = checks.diagnose(DiagnoseTextParams("file:///p/a.ts", "typescript", before, after, listOf(lines(2, 2, 33)), 2000)).get(5, TimeUnit.SECONDS)
        val problems = result.problems!!
        assertEquals(listOf(Range(Position(1, 0), Position(1, 6))), problems.before.map { it.range })
        assertEquals(listOf("Cannot resolve symbol 'legacy'", "Cannot resolve symbol 'applyDiscount'"), problems.after.map { it.message })
        assertEquals(Range(Position(2, 16), Position(2, 29)), problems.after[1].range)
        assertEquals(listOf(DiagnosticSeverity.ERROR), problems.after.map { it.severity }.distinct())
        assertEquals(listOf("IntelliJ"), problems.after.map { it.source }.distinct())
    }
}
