package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

class MarkTrackingTest {
    private fun moved(spec: MarkSpec, line: Int, character: Int, old: String, new: String) =
        MarkTracking.moved(spec, TextChange(Position(line, character), old, new))

    @Test
    fun `lines inserted or deleted above move a mark, changes below leave it`() {
        assertEquals(LineMark(7, "added"), moved(LineMark(5, "added"), 1, 3, "", "x\ny\n"))
        assertEquals(LineMark(3, "added"), moved(LineMark(5, "added"), 1, 0, "a\nb\n", ""))
        assertEquals(LineMark(5, "added"), moved(LineMark(5, "added"), 6, 0, "", "z\n"))
    }

    @Test
    fun `text inserted at a line's start pushes the line down, anywhere else in it the line stays`() {
        assertEquals(StreamingMark(6), moved(StreamingMark(5), 5, 0, "", "new\n"))
        assertEquals(StreamingMark(5), moved(StreamingMark(5), 5, 2, "", "\nnew"))
    }

    @Test
    fun `a deletion that ends at the mark's line start moves it up, one that spans its line removes it`() {
        assertEquals(LineMark(2, "removed"), moved(LineMark(4, "removed"), 2, 0, "x\ny\n", ""))
        assertNull(moved(LineMark(3, "removed"), 2, 1, "x\ny\nz", ""))
    }

    @Test
    fun `typing within a line shifts the word tints after it and drops one it touched`() {
        val word = WordMark(2, 4, 8, "added")
        assertEquals(word.copy(start = 7, end = 11), moved(word, 2, 1, "", "abc"))
        assertEquals(word, moved(word, 2, 9, "", "abc"))
        assertNull(moved(word, 2, 5, "", "q"))
        assertEquals(LineMark(2, "added"), moved(LineMark(2, "added"), 2, 5, "", "q"))
    }

    @Test
    fun `buttons move with their hunk, and so does the line they settle`() {
        assertEquals(HunkActions(6, 6), moved(HunkActions(4, 4), 0, 0, "", "1\n2\n"))
        assertEquals(HunkActions(6, null), moved(HunkActions(4, null), 0, 0, "", "1\n2\n"))
    }
}
