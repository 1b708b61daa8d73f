package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/** The highlight-info filter's decisions, through the platform's own paths (FakeHighlighting.kt) over a proposal the registry shows. */
class ProposalHighlightsTest {
    private val uri = "file:///Stats.java"
    private val original = "class Stats {\n  long sum(int[] values) {\n    int total = 0;\n    for (int v : values) total += v;\n    return total;\n  }\n}\n"
    private val fixture = RegistryOnDocument(uri, original)
    private val registry = fixture.registry
    private val buffer = fixture.buffer
    private val file = FakePsiFile(uri, buffer)
    private val daemon = FakeDaemon(listOf(redlineFilter(registry)))

    /** The proposal: line 2's declaration retyped, line 4's return changed; each removed line above its added one. */
    private fun propose() {
        val render = RenderParams(
            "s1", uri, 0,
            edits = listOf(
                TextEdit(Range(Position(3, 0), Position(3, 0)), "    long total = 0L;\n"),
                TextEdit(Range(Position(5, 0), Position(5, 0)), "    return Math.max(total, 0);\n"),
            ),
            decorations = RenderDecorations(runs = listOf(DiffLineRun(2, 1, "removed"), DiffLineRun(3, 1, "added"), DiffLineRun(5, 1, "removed"), DiffLineRun(6, 1, "added"))),
            hunks = listOf(Hunk(2, 4, 1, 1), Hunk(5, 7, 1, 1)),
            undo = UndoMarker("g1", open = true, close = false),
        )
        fixture.host.onUi { registry.render(render) }
        fixture.host.onUi { registry.status(SessionStatusParams("s1", uri, "done", hunkCount = 2)) }
        assertEquals(
            "class Stats {\n  long sum(int[] values) {\n    int total = 0;\n    long total = 0L;\n    for (int v : values) total += v;\n    return total;\n    return Math.max(total, 0);\n  }\n}\n",
            buffer.text(),
        )
    }

    /** An info over [text]'s [occurrence]-th appearance on document line [line]. */
    private fun info(line: Int, text: String, description: String?, occurrence: Int = 0): FakeHighlightInfo {
        val lineText = BufferLines(buffer).text(line)
        var at = -1
        repeat(occurrence + 1) { at = lineText.indexOf(text, at + 1) }
        check(at >= 0) { "no $text on line $line: $lineText" }
        val start = buffer.lineStart(line) + at
        return FakeHighlightInfo(start, start + text.length, description)
    }

    private fun shownThroughEveryPath(info: FakeHighlightInfo): Boolean {
        val created = daemon.create(info, FakePsiElement(file)) != null
        val held = daemon.Holder(file).add(info)
        val annotated = ArrayList<FakeHighlightInfo>().also { daemon.addConvertedToHostInfo(info, file, it) }.isNotEmpty()
        assertEquals(created, held, "HighlightInfoB.create and HighlightInfoHolder.add decide alike")
        assertEquals(created, annotated, "and so does AnnotatorRunner")
        return created
    }

    @Test
    fun `hides the removed lines' highlighting and the problems the removed copy causes on the added lines`() {
        propose()
        // The old declaration and return: their colouring and their problems.
        assertEquals(false, shownThroughEveryPath(info(2, "total", null)))
        assertEquals(false, shownThroughEveryPath(info(5, "return total;", "Unreachable statement")))
        // A name declared twice, once on each side of the hunk: highlighted by name, or quoted in the message.
        assertEquals(false, shownThroughEveryPath(info(3, "total", "Variable 'total' is already defined in the scope")))
        assertEquals(false, shownThroughEveryPath(info(3, "long total = 0L;", "Conflicting declaration \u2018total\u2019")))
        // The new return comes after the old one.
        assertEquals(false, shownThroughEveryPath(info(6, "return Math.max(total, 0);", "Unreachable statement")))
    }

    @Test
    fun `keeps the new code's own problems, plain colouring on added lines, and everything outside the proposal`() {
        propose()
        assertEquals(true, shownThroughEveryPath(info(6, "max", "Cannot resolve method 'max(int, int)'")))
        assertEquals(true, shownThroughEveryPath(info(6, "Math", null)))
        assertEquals(true, shownThroughEveryPath(info(4, "v", "Cannot resolve symbol 'v'", occurrence = 1)))
        // A problem over both sides of a hunk is not one side's.
        val across = FakeHighlightInfo(buffer.lineStart(2), buffer.lineStart(4) - 1, "Missing return statement")
        assertEquals(true, shownThroughEveryPath(across))
        // Unreachable after a removed line that does not leave: the new code's own.
        assertEquals(true, shownThroughEveryPath(info(3, "long total = 0L;", "Unreachable statement")))
    }

    @Test
    fun `a file the platform does not name keeps everything, external annotators' results are not filtered, and the proposal's end shows all`() {
        propose()
        val removed = info(2, "total", "Variable 'total' is never used")
        assertEquals(removed, daemon.create(removed, psiElement = null))
        assertEquals(listOf(removed), daemon.convertToHighlights(listOf(removed)))
        fixture.host.onUi { registry.status(SessionStatusParams("s1", uri, "cancelled")) }
        assertEquals(true, shownThroughEveryPath(removed))
    }

    @Test
    fun `the lines move with the text typed above them`() {
        propose()
        fixture.host.onUi { buffer.replace(0, 0, "// stats\n") }
        assertEquals(false, shownThroughEveryPath(info(3, "total", null)))
        assertEquals(true, shownThroughEveryPath(info(2, "long", null)))
        assertEquals(false, shownThroughEveryPath(info(4, "total", "Variable 'total' is already defined in the scope")))
    }

    @Test
    fun `hunks are runs of adjacent red and green lines, unreached lines are the original's`() {
        val hunks = ProposalHighlights.hunks(mapOf(2 to "removed", 3 to "added", 4 to "added", 7 to "added", 9 to "unreached", 8 to "removed"))
        assertEquals(listOf(ProposalHighlights.ProposalHunk(setOf(2), setOf(3, 4)), ProposalHighlights.ProposalHunk(setOf(8), setOf(7))), hunks)
    }
}
