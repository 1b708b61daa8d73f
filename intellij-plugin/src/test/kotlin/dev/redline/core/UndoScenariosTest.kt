package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * What Ctrl+Z does, case by case (the table in intellij-plugin/README.md), with the session registry's
 * commands run through the platform's undo rules as FakeUndo models them. A scripted sidecar proposes
 * "b" → "B" and "d" → "D" in a five-line file: two hunks.
 */
class UndoScenariosTest {
    private val platform = FakeUndo()
    private val projectA = platform.project("A")
    private val projectB = platform.project("B")
    private val host = FakeHost().also { it.undo = platform }
    private val sync = DocumentSync()
    private val cancelled = mutableListOf<String>()
    private val registry = SessionRegistry(host, RenderApplier(sync::version)) { cancelled += it }

    init {
        host.guard = { window, undone -> if (undone) registry.startUndone(window) else registry.startRedone(window) }
    }

    private val original = "a\nb\nc\nd\ne\n"

    private fun open(uri: String, text: String = original, project: FakeUndo.Manager = projectA): FakeUndo.Document {
        val doc = platform.document(uri, text, project)
        host.buffers[uri] = doc
        sync.open(uri, "kotlin", text)
        doc.buffer.listeners += { start, old, new ->
            sync.changed(uri, doc.positionOf(start), old, new)
            registry.documentChanged(uri, TextChange(doc.positionOf(start), old, new))
        }
        registry.editorOpened(host.view(uri))
        return doc
    }

    private val typingGroups = HashMap<FakeUndo.Document, Any>()

    /** Typing: consecutive keystrokes share the document's typing group, as the platform's typing commands do. */
    private fun type(doc: FakeUndo.Document, line: Int, column: Int, text: String) {
        val at = doc.lineStart(line) + column
        platform.command(typingGroups.getOrPut(doc) { Any() }) { doc.replace(at, at, text) }
    }

    /** Any other editor action (Enter, paste, caret moves): DocCommandGroupId.noneGroupId, a fresh group each time. */
    private fun action(doc: FakeUndo.Document?, body: () -> Unit = {}) {
        typingGroups.clear()
        platform.command(Any()) { body() }
    }

    private fun undo(doc: FakeUndo.Document) = doc.manager.undo(doc)
    private fun redo(doc: FakeUndo.Document) = doc.manager.redo(doc)

    private fun lineOf(doc: FakeUndo.Document, text: String) = doc.text().split("\n").indexOf(text).also { check(it >= 0) { "no line $text" } }

    /** A session as the sidecar would run it: renders at the document's current version, lines found where they are now. */
    private inner class Scripted(val id: String, val uri: String, val doc: FakeUndo.Document) {
        private var first = true

        private fun render(edits: List<TextEdit>, runs: List<DiffLineRun>, hunks: List<Hunk>, close: Boolean = false): RenderResult {
            val result = registry.render(
                RenderParams(id, uri, sync.version(uri)!!, edits, RenderDecorations(runs = runs), hunks, UndoMarker("g-$id", open = first, close = close)),
            )
            first = false
            assertTrue(result.applied)
            return result
        }

        private fun insertAfter(line: String, text: String) = lineOf(doc, line).let { TextEdit(Range(Position(it + 1, 0), Position(it + 1, 0)), "$text\n") }
        private fun delete(line: String) = lineOf(doc, line).let { TextEdit(Range(Position(it, 0), Position(it + 1, 0)), "") }
        private fun hunk(removed: String) = lineOf(doc, removed).let { Hunk(it, it + 2, 1, 1) }
        private fun pair(removed: String) = lineOf(doc, removed).let { listOf(DiffLineRun(it, 1, "removed"), DiffLineRun(it + 1, 1, "added")) }

        fun streamFirst() = render(listOf(insertAfter("b", "B")), pair("b"), emptyList())
        fun streamSecond() = render(listOf(insertAfter("d", "D")), pair("b") + DiffLineRun(lineOf(doc, "d"), 1, "removed"), emptyList())
        fun done() {
            render(emptyList(), pair("b") + pair("d"), listOf(hunk("b"), hunk("d")))
            registry.status(SessionStatusParams(id, uri, SessionState.DONE, hunkCount = 2))
        }
        fun acceptFirst() = render(listOf(delete("b")), pair("d"), listOf(hunk("d")))
        fun rejectRest() = end(listOf(delete("D")), "rejected")
        fun acceptAll() = end(listOf(delete("b"), delete("d")).sortedBy { it.range.start.line }, "accepted")
        fun rejectAll() = end(listOf(delete("B"), delete("D")).sortedBy { it.range.start.line }, "rejected")

        /** The sidecar broke the session: a close render with no edits, marks cleared, the document left as it is. */
        fun broken() = end(emptyList(), "broken")

        private fun end(edits: List<TextEdit>, state: String) {
            render(edits, emptyList(), emptyList(), close = true)
            registry.status(SessionStatusParams(id, uri, state))
        }
    }

    @Test
    fun `after accept, one Ctrl+Z returns the file to its text before the session, typing during the session included`() {
        val doc = open("file:///a.kt")
        type(doc, 0, 0, "0")
        action(doc)
        val before = doc.text()
        val s = Scripted("s1", "file:///a.kt", doc)
        s.streamFirst()
        type(doc, 0, 1, "x") // typing above the region while the reply streams
        s.streamSecond()
        s.done()
        type(doc, 3, 1, "!") // typing inside the region while the proposal waits
        s.acceptAll()
        val accepted = doc.text()
        assertEquals("0xa\nB\nc!\nD\ne\n", accepted)
        undo(doc)
        assertEquals(before, doc.text(), "one step back to before the session")
        redo(doc)
        assertEquals(accepted, doc.text(), "one step forward to the accepted text")
        undo(doc)
        undo(doc)
        assertEquals(original, doc.text(), "the typing before the session is its own step")
    }

    @Test
    fun `after reject all, one Ctrl+Z returns the file to its text before the session`() {
        val doc = open("file:///a.kt")
        val s = Scripted("s1", "file:///a.kt", doc)
        s.streamFirst()
        s.streamSecond()
        s.done()
        type(doc, 0, 1, "?")
        s.rejectAll()
        assertEquals("a?\nb\nc\nd\ne\n", doc.text())
        undo(doc)
        assertEquals(original, doc.text())
        assertFalse(doc.manager.canUndo(doc))
    }

    @Test
    fun `stream, type above, accept one hunk, type, reject the rest, undo step by step ends exactly at the original text`() {
        val doc = open("file:///a.kt")
        type(doc, 2, 1, "~")
        action(doc)
        val atStart = doc.text()
        val s = Scripted("s1", "file:///a.kt", doc)
        s.streamFirst()
        action(doc) { doc.replace(0, 0, "above\n") } // Enter-like: a line typed above mid-stream
        s.streamSecond()
        s.done()
        s.acceptFirst()
        type(doc, 0, 5, "!")
        s.rejectRest()
        assertEquals("above!\na\nB\nc~\nd\ne\n", doc.text())
        var steps = 0
        while (doc.manager.canUndo(doc)) {
            undo(doc)
            steps++
            if (steps == 1) assertEquals(atStart, doc.text(), "the first Ctrl+Z undoes the whole session")
        }
        assertEquals(original, doc.text())
        assertEquals(2, steps)
    }

    @Test
    fun `per-hunk verdicts one after the other, the session is still one step`() {
        val doc = open("file:///a.kt")
        val s = Scripted("s1", "file:///a.kt", doc)
        s.streamFirst()
        s.streamSecond()
        s.done()
        s.acceptFirst()
        type(doc, 5, 0, "#")
        s.rejectRest()
        assertEquals("a\nB\nc\nd\n#e\n", doc.text())
        undo(doc)
        assertEquals(original, doc.text())
    }

    @Test
    fun `during streaming and while pending, Ctrl+Z undoes the newest change only, once the session ends, one more returns to before it`() {
        val doc = open("file:///a.kt")
        val s = Scripted("s1", "file:///a.kt", doc)
        s.streamFirst()
        type(doc, 0, 1, "x")
        undo(doc) // the user's own typing is the newest change
        assertEquals("a\nb\nB\nc\nd\ne\n", doc.text())
        s.streamSecond()
        s.done()
        undo(doc) // now Redline's renders since the last user change are the newest group
        assertEquals("a\nb\nB\nc\nd\ne\n", doc.text())
        s.broken() // the sidecar sees its lines disturbed and ends the session: its window closes
        undo(doc)
        assertEquals(original, doc.text())
    }

    @Test
    fun `undoing past the session's start cancels it, and no finish mark is left to run undo past the session`() {
        val doc = open("file:///a.kt")
        type(doc, 0, 0, "0")
        action(doc)
        val s = Scripted("s1", "file:///a.kt", doc)
        s.streamFirst()
        undo(doc)
        assertEquals("0a\nb\nc\nd\ne\n", doc.text())
        assertEquals(listOf("s1"), cancelled)
        s.broken() // the session's close arrives after its start was undone
        undo(doc)
        assertEquals(original, doc.text(), "the next Ctrl+Z undoes the typing before the session, and only that")
        assertFalse(doc.manager.canUndo(doc))
    }

    @Test
    fun `a second session in another file, each file's session is its own step, whatever happens in the other`() {
        val one = open("file:///one.kt")
        val two = open("file:///two.kt")
        val s1 = Scripted("s1", "file:///one.kt", one)
        val s2 = Scripted("s2", "file:///two.kt", two)
        s1.streamFirst()
        s2.streamFirst()
        type(two, 0, 1, "2")
        s1.streamSecond()
        type(one, 0, 1, "1")
        s2.streamSecond()
        s1.done()
        s2.done()
        s1.acceptAll()
        s2.rejectAll()
        undo(one)
        assertEquals(original, one.text())
        assertEquals("a2\nb\nc\nd\ne\n", two.text(), "undo in one file leaves the other alone")
        undo(two)
        assertEquals(original, two.text())
    }

    @Test
    fun `commands in another project end groups there too, and the session stays one step`() {
        val doc = open("file:///a.kt")
        val elsewhere = open("file:///b.kt", "other\n", projectB)
        val s = Scripted("s1", "file:///a.kt", doc)
        s.streamFirst()
        type(elsewhere, 0, 0, "typed in B ")
        s.streamSecond()
        action(elsewhere)
        s.done()
        s.acceptAll()
        undo(doc)
        assertEquals(original, doc.text())
        assertEquals("typed in B other\n", elsewhere.text())
    }

    @Test
    fun `two sessions overlapping in one file share one step`() {
        val doc = open("file:///a.kt", "a\nb\nc\nd\ne\nf\ng\nh\n")
        val before = doc.text()
        val s1 = Scripted("s1", "file:///a.kt", doc)
        s1.streamFirst()
        type(doc, 7, 1, "+")
        val second = "g+"
        registry.render(RenderParams("s2", "file:///a.kt", sync.version("file:///a.kt")!!,
            listOf(TextEdit(Range(Position(lineOf(doc, second) + 1, 0), Position(lineOf(doc, second) + 1, 0)), "G\n")),
            RenderDecorations(runs = listOf(DiffLineRun(lineOf(doc, second) + 1, 1, "added"))), undo = UndoMarker("g-s2", open = true)))
        s1.streamSecond()
        s1.done()
        s1.acceptAll()
        registry.render(RenderParams("s2", "file:///a.kt", sync.version("file:///a.kt")!!, emptyList(), undo = UndoMarker("g-s2", close = true)))
        registry.status(SessionStatusParams("s2", "file:///a.kt", "accepted"))
        undo(doc)
        assertEquals(before, doc.text())
    }

    @Test
    fun `the model itself, without marks, a command between two of one group splits them`() {
        val doc = open("file:///a.kt")
        val group = Any()
        platform.command(group) { doc.replace(0, 0, "1") }
        action(doc) { doc.replace(2, 2, "x") }
        platform.command(group) { doc.replace(0, 0, "2") }
        undo(doc)
        assertEquals("1ax\nb\nc\nd\ne\n", doc.text(), "one groupId is not one undo step")
    }

    @Test
    fun `the model itself, a change made with undo disabled makes a later undo replay at a wrong offset`() {
        val doc = open("file:///a.kt")
        type(doc, 0, 0, "X")
        doc.replaceUnrecorded(0, 0, "Q")
        assertThrows(IllegalStateException::class.java) { undo(doc) }
    }
}
