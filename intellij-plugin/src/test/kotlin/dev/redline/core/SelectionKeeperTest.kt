package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The instruction's selection: collapsed at the start, back when the session left everything as it found it. */
class SelectionKeeperTest {
    private val selection = Range(Position(2, 4), Position(5, 1))

    private class View : EditorView {
        override val uri = "file:///a.kt"
        var caretAt = Position(9, 9)
        val selected = mutableListOf<Range>()
        override fun painter(sessionId: String): MarkPainter = throw UnsupportedOperationException()
        override fun collapseSelection(at: Position) { caretAt = at }
        override fun caret() = caretAt
        override fun select(range: Range) { selected += range; caretAt = range.end }
    }

    @Test
    fun `only a session that left the document as it was, the caret where the collapse put it, brings the selection back`() {
        for (state in listOf("rejected", "cancelled", "error", "noChanges")) assertTrue(SelectionKeeper.restores(state, documentUnchanged = true, caretWhereLeft = true), state)
        for (state in listOf("accepted", "broken")) assertFalse(SelectionKeeper.restores(state, documentUnchanged = true, caretWhereLeft = true), state)
        assertFalse(SelectionKeeper.restores("rejected", documentUnchanged = false, caretWhereLeft = true))
        assertFalse(SelectionKeeper.restores("rejected", documentUnchanged = true, caretWhereLeft = false))
    }

    @Test
    fun `the caret goes to the selection's start, a rejected session gives the selection back once, an accepted one never`() {
        val keeper = SelectionKeeper()
        val view = View()
        keeper.collapse(view, selection, "text").keep("s1")
        assertEquals(Position(2, 4), view.caretAt)
        keeper.ended("s1", "rejected", "text")
        keeper.ended("s1", "rejected", "text")
        assertEquals(listOf(selection), view.selected)

        val other = View()
        keeper.collapse(other, selection, "text").keep("s2")
        keeper.ended("s2", "accepted", "text, changed")
        assertEquals(emptyList<Range>(), other.selected)
    }

    @Test
    fun `typing or a caret move meanwhile keeps the caret where the user left it`() {
        val keeper = SelectionKeeper()
        val typed = View()
        keeper.collapse(typed, selection, "text").keep("s1")
        keeper.ended("s1", "cancelled", "text!")
        val moved = View()
        keeper.collapse(moved, selection, "text").keep("s2")
        moved.caretAt = Position(7, 0)
        keeper.ended("s2", "rejected", "text")
        assertEquals(emptyList<Range>(), typed.selected + moved.selected)
        assertEquals(Position(7, 0), moved.caretAt)
    }

    @Test
    fun `a start that failed before any session gives the selection back`() {
        val view = View()
        SelectionKeeper().collapse(view, selection, "text").failed("text")
        assertEquals(listOf(selection), view.selected)
    }
}
