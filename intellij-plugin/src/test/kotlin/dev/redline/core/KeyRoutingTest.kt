package dev.redline.core

import dev.redline.core.nextedit.KeyContext
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.io.File

/**
 * Esc and Tab as Redline's wrapping handlers run them. The platform chains EditorEscape's handlers so that one
 * registered `order="first"` runs before its own: codeInsight.hint.EscapeHandler (hides hints shown with
 * HIDE_BY_ESCAPE: the completion popup, LookupImpl's showEditorHint; parameter info; error tooltips), the live
 * template's and in-place rename's EscapeHandler, the inline completion's Esc. EditorAction.actionPerformed asks
 * the outermost handler executeInCommand and getCommandGroupId, and EditorActionHandler.execute asks
 * runForAllCarets (EditorActionHandler, 2023).
 */
class KeyRoutingTest {
    private val free = KeyContext(caretLine = 1, firstVisibleLine = 0, lastVisibleLine = 40, keyTakenElsewhere = false)

    @Test
    fun `Esc while a reply streams cancels it only when nothing else wants the key`() {
        assertEquals(StreamKeys.Esc.Cancel("s1"), StreamKeys.escape("s1", free))
        val popupTemplateOrGhost = free.copy(keyTakenElsewhere = true, escapeTakenElsewhere = true)
        val parameterInfo = free.copy(escapeTakenElsewhere = true)
        for (context in listOf(popupTemplateOrGhost, parameterInfo)) {
            assertEquals(StreamKeys.Esc.StepAside, StreamKeys.escape("s1", context), context.toString())
        }
        assertEquals(StreamKeys.Esc.StepAside, StreamKeys.escape(null, free), "no reply streams: Esc as ever")
    }

    @Test
    fun `a key Redline takes runs outside a command, one it leaves runs as the wrapped handler would`() {
        assertFalse(WrappedKeys.executeInCommand(redlineTakesKey = true) { error("the wrapped handler is not asked") })
        assertTrue(WrappedKeys.executeInCommand(redlineTakesKey = false) { true })
        assertFalse(WrappedKeys.executeInCommand(redlineTakesKey = false) { false })
    }

    private val ide = File(System.getProperty("redline.repoRoot", "."), "intellij-plugin/src/main/kotlin/dev/redline/ide")

    /** The body of each class in the adapter that wraps a platform key handler, by name. */
    private fun wrappers(): Map<String, String> = listOf("RedlineActions.kt", "NextEditHandlers.kt").flatMap { file ->
        val text = ide.resolve(file).readText()
        Regex("""class (\w+)\(private val original: EditorActionHandler\) : EditorActionHandler\(\) \{""").findAll(text).map { match ->
            match.groupValues[1] to text.substring(match.range.last).substringBefore("\n}\n")
        }.toList()
    }.toMap()

    @Test
    fun `every wrapping handler of the adapter answers the platform's questions through the handler it wraps`() {
        val found = wrappers()
        assertEquals(setOf("CancelStreamEscHandler", "NextEditTabHandler", "NextEditEscHandler"), found.keys)
        for ((name, body) in found) {
            assertTrue("override fun executeInCommand(" in body && "WrappedKeys.executeInCommand(" in body && "original.executeInCommand(" in body, "$name: executeInCommand")
            assertTrue(Regex("""override fun getCommandGroupId\([^)]*\)[^\n]*original\.getCommandGroupId\(""").containsMatchIn(body), "$name: getCommandGroupId")
            assertTrue(Regex("""override fun runForAllCarets\(\)[^\n]*original\.runForAllCarets\(\)""").containsMatchIn(body), "$name: runForAllCarets")
        }
        assertTrue("StreamKeys.escape(" in found.getValue("CancelStreamEscHandler"), "the stream's Esc decides in the core")
    }

    @Test
    fun `the editor facts count a hint that Esc hides as wanting Esc`() {
        val handlers = ide.resolve("NextEditHandlers.kt").readText()
        assertTrue("isEscapeHandlerEnabled" in handlers && "escapeTakenElsewhere" in handlers)
    }
}
