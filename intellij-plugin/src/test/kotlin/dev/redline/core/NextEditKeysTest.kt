package dev.redline.core

import dev.redline.core.nextedit.EscAction
import dev.redline.core.nextedit.KeyContext
import dev.redline.core.nextedit.NextEditKeys
import dev.redline.core.nextedit.ShownHunk
import dev.redline.core.nextedit.TabAction
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/** Tab and Esc with a next-edit hunk shown, or not: what the key does. */
class NextEditKeysTest {
    private val screen = KeyContext(caretLine = 1, firstVisibleLine = 0, lastVisibleLine = 40, keyTakenElsewhere = false)
    private val near = ShownHunk("s1", start = 3, end = 5)

    @Test
    fun `Tab and Esc step aside when no hunk is shown, so Tab indents and Esc does its own work`() {
        assertEquals(TabAction.StepAside, NextEditKeys.tab(null, screen))
        assertEquals(EscAction.StepAside, NextEditKeys.escape(null, screen))
    }

    @Test
    fun `Tab and Esc step aside while a completion popup, a live template or ghost text has the key`() {
        val taken = screen.copy(keyTakenElsewhere = true, escapeTakenElsewhere = true)
        assertEquals(TabAction.StepAside, NextEditKeys.tab(near, taken))
        assertEquals(EscAction.StepAside, NextEditKeys.escape(near, taken))
    }

    @Test
    fun `parameter info or another hint that Esc hides takes Esc, not Tab`() {
        val hint = screen.copy(escapeTakenElsewhere = true)
        assertEquals(EscAction.StepAside, NextEditKeys.escape(near, hint))
        assertEquals(TabAction.Accept("s1"), NextEditKeys.tab(near, hint))
    }

    @Test
    fun `Tab accepts a hunk on screen within a few lines of the caret, Esc dismisses it`() {
        assertEquals(TabAction.Accept("s1"), NextEditKeys.tab(near, screen))
        assertEquals(TabAction.Accept("s1"), NextEditKeys.tab(ShownHunk("s1", 0, 1), screen.copy(caretLine = NextEditKeys.NEAR_LINES)))
        assertEquals(EscAction.Dismiss("s1"), NextEditKeys.escape(near, screen))
    }

    @Test
    fun `Tab first jumps to a hunk further away or off screen`() {
        assertEquals(TabAction.Jump(2 + NextEditKeys.NEAR_LINES), NextEditKeys.tab(ShownHunk("s1", 2 + NextEditKeys.NEAR_LINES, 4 + NextEditKeys.NEAR_LINES), screen))
        assertEquals(TabAction.Jump(3), NextEditKeys.tab(near, screen.copy(firstVisibleLine = 4, lastVisibleLine = 60, caretLine = 4)))
        assertEquals(TabAction.Jump(39), NextEditKeys.tab(ShownHunk("s1", 39, 42), screen.copy(caretLine = 38)))
    }

    @Test
    fun `the hint says what Tab will do, accept a hunk near the caret or go to one far away or off screen`() {
        assertEquals("Tab to accept, Esc to dismiss", NextEditKeys.hint(near, screen))
        assertEquals("Tab to jump here, Esc to dismiss", NextEditKeys.hint(ShownHunk("s1", start = 30, end = 31), screen))
        assertEquals("Tab to jump here, Esc to dismiss", NextEditKeys.hint(near, screen.copy(firstVisibleLine = 4)))
        // A popup holding the key now does not change what Tab does once it closes; no editor: the plain hint.
        assertEquals("Tab to accept, Esc to dismiss", NextEditKeys.hint(near, screen.copy(keyTakenElsewhere = true)))
        assertEquals("Tab to accept, Esc to dismiss", NextEditKeys.hint(near, null))
    }
}
