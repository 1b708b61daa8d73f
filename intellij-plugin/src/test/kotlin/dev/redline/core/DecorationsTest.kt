package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class DecorationsTest {
    private val decorations = RenderDecorations(
        runs = listOf(DiffLineRun(2, 2, DiffLineKind.REMOVED), DiffLineRun(4, 1, DiffLineKind.ADDED), DiffLineRun(9, 1, DiffLineKind.ADDED)),
        words = listOf(WordSpan(4, 2, 5, DiffLineKind.ADDED)),
    )
    private val twoHunks = listOf(Hunk(2, 5, 2, 1), Hunk(9, 10, 0, 1))

    @Test
    fun `runs become whole-line marks, words become spans, the streaming line its own mark`() {
        val marks = DecorationModel.lineMarks(decorations.copy(streamingLine = 9)) + DecorationModel.actions(twoHunks, streaming = true)
        assertEquals(
            setOf(
                LineMark(2, "removed"), LineMark(3, "removed"), LineMark(4, "added"), LineMark(9, "added"),
                WordMark(4, 2, 5, "added"), StreamingMark(9),
            ),
            marks,
        )
    }

    @Test
    fun `unreached lines are line marks of their own, a whitespace-only pair is labelled on its green line`() {
        val marks = DecorationModel.lineMarks(
            RenderDecorations(
                runs = listOf(DiffLineRun(1, 1, DiffLineKind.REMOVED), DiffLineRun(2, 1, DiffLineKind.ADDED), DiffLineRun(3, 2, DiffLineKind.UNREACHED)),
                whitespace = listOf(WhitespaceMark(1, DiffLineKind.REMOVED, WhitespaceOnly.INDENTATION), WhitespaceMark(2, DiffLineKind.ADDED, WhitespaceOnly.INDENTATION)),
            ),
        )
        assertEquals(
            setOf(LineMark(1, "removed"), LineMark(2, "added"), LineMark(3, "unreached"), LineMark(4, "unreached"), WhitespaceLabel(2, "indentation")),
            marks,
        )
        assertEquals("indentation only", WhitespaceLabel(2, "indentation").text)
        assertEquals("whitespace only", WhitespaceLabel(2, "whitespace").text)
    }

    @Test
    fun `buttons appear once streaming ends, per hunk only with more than one hunk`() {
        assertEquals(setOf(HunkActions(2, null), HunkActions(2, 2), HunkActions(9, 9)), DecorationModel.actions(twoHunks, streaming = false))
        assertEquals(setOf(HunkActions(2, null)), DecorationModel.actions(twoHunks.take(1), streaming = false))
    }

    private class CountingPainter : MarkPainter {
        val live = mutableMapOf<MarkSpec, Int>()
        var paints = 0
        var moved: (MarkSpec) -> MarkSpec? = { it }
        override fun paint(spec: MarkSpec): PaintedMark {
            paints++
            live[spec] = (live[spec] ?: 0) + 1
            return object : PaintedMark {
                override fun currentSpec() = moved(spec)
                override fun erase() { live[spec] = live.getValue(spec) - 1 }
            }
        }
    }

    @Test
    fun `a render repaints only what changed`() {
        val painter = CountingPainter()
        val marks = PaintedMarks(painter)
        assertEquals(PaintedMarks.Delta(3, 0), marks.update(setOf(LineMark(1, "added"), LineMark(2, "added"), StreamingMark(2))))
        assertEquals(PaintedMarks.Delta(2, 1), marks.update(setOf(LineMark(1, "added"), LineMark(2, "added"), LineMark(3, "added"), StreamingMark(3))))
        assertEquals(5, painter.paints)
        assertEquals(0, painter.live[StreamingMark(2)])
    }

    @Test
    fun `marks are compared where the document moved them`() {
        val painter = CountingPainter()
        val marks = PaintedMarks(painter)
        marks.update(setOf(LineMark(1, "added"), LineMark(5, "removed")))
        painter.moved = { if (it.line == 5) null else LineMark(it.line + 1, (it as LineMark).kind) } // a line typed above; line 5 deleted
        assertEquals(PaintedMarks.Delta(1, 1), marks.update(setOf(LineMark(2, "added"), LineMark(6, "removed"))))
        marks.clear()
        assertEquals(setOf(0), painter.live.values.toSet())
    }
}
