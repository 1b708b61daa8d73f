package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class SaveHintsTest {
    private val hints = SaveHints()
    private val uri = "file:///src/Main.kt"
    private fun session(id: String) = SessionView(id, uri, SessionState.DONE, emptyList())

    @Test
    fun `a file without a session saves, silently`() {
        assertEquals(SaveDecision(true, null), hints.decide(uri, emptyList(), explicit = true))
    }

    @Test
    fun `the first asked-for save of a session is refused with one hint, later ones and autosaves quietly`() {
        val first = hints.decide(uri, listOf(session("s1")), explicit = true)
        assertEquals(false, first.allowed)
        val hint = first.hint!!
        assertTrue(hint.startsWith("Redline: Main.kt is not saved while its proposal is open"), hint)
        assertTrue("builds, runs and commits" in hint && "before the proposal" in hint, "says what a build sees")
        assertEquals(SaveDecision(false, null), hints.decide(uri, listOf(session("s1")), explicit = true), "a build's save after the user's")
        assertEquals(SaveDecision(false, null), hints.decide(uri, listOf(session("s2")), explicit = false), "autosave")
        assertEquals(hint, hints.decide(uri, listOf(session("s1"), session("s2")), explicit = true).hint, "a new session hints once more")
        assertNull(hints.decide(uri, listOf(session("s2")), explicit = true).hint)
    }
}
