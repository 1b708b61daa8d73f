package dev.redline.core

import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotEquals
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * What Ctrl+Z does, case by case (the table in intellij-plugin/README.md), with the session registry's
 * commands run through the platform's undo rules as FakeUndo models them, and the adapter's calls as
 * FakeHost models them. A scripted sidecar proposes "b" → "B" and "d" → "D" in a five-line file: two hunks.
 *
 * Every case ends the same way a user would check it: one Ctrl+Z back to the text before the session, no
 * dialog and no "Cannot Undo" on the way, and then a second session and an in-place rename in that editor
 * work as they do in a fresh one.
 */
class UndoScenariosTest {
    private val platform = FakeUndo()
    private val projectA = platform.project("A")
    private val projectB = platform.project("B")
    // Tasks posted to the UI thread run once the event that posted them is over: after each step of the test.
    private val host = FakeHost().also { it.undo = platform; it.deferredUi = mutableListOf() }
    private val sync = DocumentSync()
    private val cancelled = mutableListOf<String>()
    private var now = 0L
    private val registry = SessionRegistry(host, RenderApplier(sync::version), { cancelled += it }, { now })

    init {
        // What the adapter's CommandListener reports.
        platform.commandListeners += object : FakeUndo.CommandListener {
            override fun commandStarted(document: FakeUndo.Document?) = registry.commandStarted(document?.uri)
            override fun commandFinished(groupId: Any?) = registry.commandFinished(groupId)
            override fun undoTransparentActionStarted() = registry.transparentActionStarted()
            override fun undoTransparentActionFinished() = registry.transparentActionFinished()
        }
    }

    private val original = "a\nb\nc\nd\ne\n"

    /** [first]: an editor the document is shown in before the user's own ("main"), such as one outside any project. */
    private fun open(uri: String, text: String = original, project: FakeUndo.Manager = projectA, first: FakeHost.FakeView? = null): FakeUndo.Document {
        val doc = platform.document(uri, text, project)
        host.buffers[uri] = doc
        sync.open(uri, "kotlin", text)
        doc.buffer.listeners += { start, old, new ->
            sync.changed(uri, doc.positionOf(start), old, new) { doc.text() }
            registry.documentChanged(uri, TextChange(doc.positionOf(start), old, new), doc.manager.undoing)
        }
        first?.let(registry::editorOpened)
        registry.editorOpened(host.view(uri))
        viewOf[doc] = host.view(uri)
        if (platform.focused == null) platform.focused = editorOf(doc)
        return doc
    }

    /** The editor the user works in, per document. */
    private val viewOf = HashMap<FakeUndo.Document, FakeHost.FakeView>()

    private fun editorOf(doc: FakeUndo.Document) = viewOf.getValue(doc).editor!!

    /** Another editor of the document (a split view, or the file opened again). */
    private fun openEditor(doc: FakeUndo.Document, name: String): FakeHost.FakeView {
        if (!sync.isOpen(doc.uri)) sync.open(doc.uri, "kotlin", doc.text())
        return host.view(doc.uri, name).also { registry.editorOpened(it); viewOf[doc] = it }
    }

    /** An editor closes; [last]: no other editor shows the document any more. */
    private fun closeEditor(view: FakeHost.FakeView, last: Boolean) {
        registry.editorReleased(view, last)
        if (last) sync.close(view.uri)
    }

    private val typingGroups = HashMap<FakeUndo.Document, Any>()

    /**
     * Typing in the document's editor, which gets the focus; the user clicks at the place first when the caret is
     * elsewhere. Consecutive keystrokes share the document's typing group; the caret ends after the text.
     */
    private fun type(doc: FakeUndo.Document, line: Int, column: Int, text: String) {
        val editor = editorOf(doc)
        platform.focused = editor
        val at = doc.lineStart(line) + column
        if (editor.caret != at) editor.moveCaret(at)
        platform.command(doc.manager, typingGroups.getOrPut(doc) { Any() }, document = doc) {
            doc.replace(at, at, text)
            editor.moveCaret(at + text.length)
        }
        host.drainUi()
    }

    /** Any other editor action (Enter, paste, caret moves): DocCommandGroupId.noneGroupId, a fresh group each time. */
    private fun action(doc: FakeUndo.Document, body: () -> Unit = {}) {
        typingGroups.clear()
        platform.command(doc.manager, Any(), document = doc) { body() }
        host.drainUi()
    }

    /** Ctrl+Z in the document's editor, which has the focus. */
    private fun undo(doc: FakeUndo.Document) {
        platform.focused = editorOf(doc)
        doc.manager.undo(editorOf(doc))
        host.drainUi()
    }

    private fun redo(doc: FakeUndo.Document) {
        platform.focused = editorOf(doc)
        doc.manager.redo(editorOf(doc))
        host.drainUi()
    }

    private fun lineOf(doc: FakeUndo.Document, text: String) = doc.text().split("\n").indexOf(text).also { check(it >= 0) { "no line $text" } }

    /** A session as the sidecar would run it: renders at the document's current version, lines found where they are now. */
    private inner class Scripted(val id: String, val doc: FakeUndo.Document) {
        private var first = true
        val uri get() = doc.uri

        fun params(edits: List<TextEdit>, runs: List<DiffLineRun> = emptyList(), hunks: List<Hunk> = emptyList(), close: Boolean = false) =
            RenderParams(id, uri, sync.version(uri)!!, edits, RenderDecorations(runs = runs), hunks, UndoMarker("g-$id", open = first, close = close))

        /** A render as RedlineCore applies it; every render here is one the pacing lets through at once. */
        fun render(edits: List<TextEdit>, runs: List<DiffLineRun>, hunks: List<Hunk>, close: Boolean = false): RenderResult {
            val params = params(edits, runs, hunks, close)
            assertEquals(0L, registry.renderWait(params))
            return apply(params)
        }

        fun apply(params: RenderParams): RenderResult {
            val result = registry.render(params)
            first = false
            assertTrue(result.applied)
            host.drainUi()
            return result
        }

        fun insertAfter(line: String, text: String) = lineOf(doc, line).let { TextEdit(Range(Position(it + 1, 0), Position(it + 1, 0)), "$text\n") }
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

        /** The proposal streamed, then complete and waiting for a verdict. */
        fun waiting() {
            streamFirst()
            streamSecond()
            done()
        }

        /** The whole proposal: streamed, complete, accepted. */
        fun run() {
            waiting()
            acceptAll()
        }

        /** The sidecar broke the session: a close render with no edits, marks cleared, the document left as it is. */
        fun broken() = end(emptyList(), "broken")

        fun end(edits: List<TextEdit>, state: String) {
            render(edits, emptyList(), emptyList(), close = true)
            registry.status(SessionStatusParams(id, uri, state))
            host.drainUi()
        }
    }

    @AfterEach
    fun noDialogNoReport() {
        assertEquals(emptyList<String>(), platform.dialogs, "the platform asked nothing")
        assertEquals(emptyList<String>(), platform.reports, "the platform reported nothing")
        assertEquals(emptyList<String>(), platform.errors, "the platform logged no error")
    }

    /** What a user tries next: another session in that file is one step too, and an in-place rename there starts and undoes. */
    private fun secondSessionAndRename(doc: FakeUndo.Document, id: String = "again") {
        val before = doc.text()
        Scripted(id, doc).run()
        assertEquals(before.replace("b\n", "B\n").replace("d\n", "D\n"), doc.text())
        undo(doc)
        assertEquals(before, doc.text(), "a later session is one Ctrl+Z")
        val line = lineOf(doc, "e")
        assertEquals(FakeUndo.Rename.IN_PLACE, platform.rename(editorOf(doc), doc.lineStart(line), 1, "renamed"), "an in-place rename starts")
        assertEquals(before.replace("e\n", "renamed\n"), doc.text())
        undo(doc)
        assertEquals(before, doc.text(), "the rename is one Ctrl+Z of its own")
    }

    @Test
    fun `after accept, one Ctrl+Z returns the file to its text before the session, typing during the session included`() {
        val doc = open("file:///a.kt")
        type(doc, 0, 0, "0")
        action(doc)
        val before = doc.text()
        val s = Scripted("s1", doc)
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
        secondSessionAndRename(doc)
    }

    @Test
    fun `after reject all, one Ctrl+Z returns the file to its text before the session`() {
        val doc = open("file:///a.kt")
        val s = Scripted("s1", doc)
        s.waiting()
        type(doc, 0, 1, "?")
        s.rejectAll()
        assertEquals("a?\nb\nc\nd\ne\n", doc.text())
        undo(doc)
        assertEquals(original, doc.text())
        assertFalse(doc.manager.canUndo(doc))
        secondSessionAndRename(doc)
    }

    @Test
    fun `stream, type above, accept one hunk, type, reject the rest, undo step by step ends exactly at the original text`() {
        val doc = open("file:///a.kt")
        type(doc, 2, 1, "~")
        action(doc)
        val atStart = doc.text()
        val s = Scripted("s1", doc)
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
        val s = Scripted("s1", doc)
        s.waiting()
        s.acceptFirst()
        type(doc, 5, 0, "#")
        s.rejectRest()
        assertEquals("a\nB\nc\nd\n#e\n", doc.text())
        undo(doc)
        assertEquals(original, doc.text())
        secondSessionAndRename(doc)
    }

    @Test
    fun `during streaming and while pending, Ctrl+Z undoes the newest change only, once the session ends, one more returns to before it`() {
        val doc = open("file:///a.kt")
        val s = Scripted("s1", doc)
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
        secondSessionAndRename(doc)
    }

    @Test
    fun `a second session in another file, each file's session is its own step, whatever happens in the other`() {
        val one = open("file:///one.kt")
        val two = open("file:///two.kt")
        val s1 = Scripted("s1", one)
        val s2 = Scripted("s2", two)
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
        secondSessionAndRename(one)
    }

    @Test
    fun `commands in another project end groups there too, and the session stays one step`() {
        val doc = open("file:///a.kt")
        val elsewhere = open("file:///b.kt", "other\n", projectB)
        val s = Scripted("s1", doc)
        s.streamFirst()
        type(elsewhere, 0, 0, "typed in B ")
        s.streamSecond()
        action(elsewhere)
        s.done()
        s.acceptAll()
        undo(doc)
        assertEquals(original, doc.text())
        assertEquals("typed in B other\n", elsewhere.text())
        secondSessionAndRename(doc)
    }

    @Test
    fun `two sessions overlapping in one file share one step`() {
        val doc = open("file:///a.kt", "a\nb\nc\nd\ne\nf\ng\nh\n")
        val before = doc.text()
        val s1 = Scripted("s1", doc)
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

    // The numbered cases of issue "one undo step that survives focus changes, repeated sessions and undo past the start".

    @Test
    fun `1 another editor has the focus while the session renders, and the user types there`() {
        val doc = open("file:///a.kt")
        val other = open("file:///other.kt", "other\n")
        val s = Scripted("s1", doc)
        s.streamFirst()
        type(other, 0, 0, "x") // the user switched files while the edit streams
        s.streamSecond()
        type(other, 0, 1, "y")
        s.done()
        s.acceptAll() // accepted from the other editor's window; the focus stays there
        type(other, 0, 2, "z")
        undo(doc)
        assertEquals(original, doc.text(), "one Ctrl+Z in the session's file: back to before the session")
        assertEquals("xyzother\n", other.text())
        undo(other)
        assertEquals(original, doc.text(), "Ctrl+Z in the other file never undoes Redline's edits")
        assertEquals("xyother\n", other.text(), "only the newest typing there")
        platform.focused = editorOf(doc)
        secondSessionAndRename(doc)
    }

    @Test
    fun `2 undo past the start of a session, then a second session and an in-place rename in that editor`() {
        val doc = open("file:///a.kt")
        type(doc, 0, 0, "0")
        action(doc)
        val s = Scripted("s1", doc)
        s.streamFirst()
        undo(doc)
        assertEquals("0a\nb\nc\nd\ne\n", doc.text(), "the newest change: the render's lines")
        assertEquals(emptyList<String>(), cancelled)
        undo(doc)
        assertEquals("0a\nb\nc\nd\ne\n", doc.text(), "the session's start, which changes no text")
        assertEquals(listOf("s1"), cancelled)
        s.broken() // the session's close arrives after its start was undone: the redo it left is cleared
        undo(doc)
        assertEquals("0a\nb\nc\nd\ne\n", doc.text(), "the step that cleared the redo, which changes no text either")
        undo(doc)
        assertEquals(original, doc.text(), "then the typing before the session, and only that")
        assertFalse(doc.manager.canUndo(doc))
        secondSessionAndRename(doc)
    }

    /** Renames "e" to "ee" in [doc] and in [other]'s "use e": one command, one group on both files' stacks (a global group). */
    private fun renameAcrossFiles(doc: FakeUndo.Document, other: FakeUndo.Document) = action(doc) {
        doc.replace(doc.lineStart(lineOf(doc, "e")), doc.lineStart(lineOf(doc, "e")) + 1, "ee")
        other.replace(4, 5, "ee")
    }

    @Test
    fun `3 a refactoring changes the file and another one while the proposal waits`() {
        val doc = open("file:///a.kt")
        val other = open("file:///other.kt", "use e\n")
        val s = Scripted("s1", doc)
        s.waiting()
        renameAcrossFiles(doc, other)
        s.acceptAll()
        assertEquals("a\nB\nc\nD\nee\n", doc.text())
        undo(doc)
        assertEquals(original, doc.text(), "one Ctrl+Z: the text before the session")
        assertEquals("use e\n", other.text(), "the refactoring is undone with it, in every file it changed")
        secondSessionAndRename(doc)
    }

    /** Streams [lines] lines after "b", one every [everyMs] ms, [between] running between two lines; renders wait as RedlineCore lets them. */
    private fun stream500(s: Scripted, lines: Int = 500, everyMs: Long = 300, between: () -> Unit = {}) {
        var last = "b"
        val pending = mutableListOf<String>()
        fun insert() = listOf(s.insertAfter(last, pending.joinToString("\n")))
        for (i in 1..lines) {
            now += everyMs
            between()
            pending += "n$i"
            val params = s.params(insert())
            // A render that waits is still in flight; the sidecar folds the lines that arrive meanwhile into the next.
            if (registry.renderWait(params) > 0) continue
            s.apply(params)
            last = pending.last()
            pending.clear()
        }
        s.render(if (pending.isEmpty()) emptyList() else insert(), emptyList(), listOf(Hunk(1, lines + 2, 1, lines)))
        registry.status(SessionStatusParams(s.id, s.uri, SessionState.DONE, hunkCount = 1))
    }

    @Test
    fun `3 what remains, a file the refactoring changed was edited since, and the platform refuses to undo past it`() {
        val doc = open("file:///a.kt")
        val other = open("file:///other.kt", "use e\n")
        val s = Scripted("s1", doc)
        s.waiting()
        renameAcrossFiles(doc, other)
        val afterRefactoring = doc.text()
        type(other, 0, 0, "// ")
        s.acceptAll()
        undo(doc)
        assertEquals(1, platform.reports.size, "Cannot Undo")
        assertEquals(afterRefactoring, doc.text(), "undo stops right after the refactoring, the proposal's lines as plain text")
        platform.reports.clear()
    }

    @Test
    fun `while a session is open, Shift+F6 in any editor of the file falls back to the Rename dialog, whose rename is part of the session's step`() {
        val doc = open("file:///a.kt")
        val s = Scripted("s1", doc)
        s.streamFirst()
        val split = openEditor(doc, "split")
        s.streamSecond()
        s.done()
        // The start mark both editors hold makes InplaceRefactoring refuse with the editor's own document: the dialog runs instead.
        for ((editor, name) in listOf(host.view(doc.uri).editor!! to "a1", split.editor!! to "a2")) {
            platform.focused = editor
            assertEquals(FakeUndo.Rename.DIALOG, platform.rename(editor, 0, doc.text().substringBefore("\n").length, name))
        }
        assertEquals("a2\nb\nB\nc\nd\nD\ne\n", doc.text())
        s.acceptAll()
        undo(doc)
        assertEquals(original, doc.text(), "one Ctrl+Z: the session and the renames made while it was open")
        secondSessionAndRename(doc)
    }

    @Test
    fun `4 a 500-line session streamed while nothing else runs is one undo group, its last render included, between its start and finish marks`() {
        val doc = open("file:///a.kt")
        val s = Scripted("s1", doc)
        stream500(s)
        s.end(listOf(TextEdit(Range(Position(1, 0), Position(2, 0)), "")), "accepted")
        assertEquals(3, doc.manager.undoGroups(doc), "consecutive commands of one group merge: start mark, text, finish mark")
        println("500-line session, nothing else running: ${doc.manager.undoGroups(doc)} undo group(s) in its file")
        undo(doc)
        assertEquals(original, doc.text())
        secondSessionAndRename(doc)
    }

    @Test
    fun `4 a 500-line session streamed while the user types in another file keeps its start under the undo limit`() {
        val doc = open("file:///a.kt")
        val other = open("file:///other.kt", "\n")
        val s = Scripted("s1", doc)
        stream500(s) { type(other, 0, 0, "k") } // a keystroke elsewhere between every two lines
        // UndoPacing: after FREE_GROUPS, n more groups need n(n+1)/2 × STEP_MS of streaming.
        val streamed = 500 * 300L
        val further = generateSequence(0) { it + 1 }.takeWhile { it * (it + 1) / 2 * UndoPacing.STEP_MS <= streamed }.last()
        val groups = doc.manager.undoGroups(doc)
        assertTrue(groups <= 1 + UndoPacing.FREE_GROUPS + further + 1, "$groups groups") // + the start mark's, + the complete proposal's
        assertTrue(groups > UndoPacing.FREE_GROUPS, "the typing did split the stream: $groups groups")
        println("500-line session, a keystroke elsewhere between every two lines: $groups undo groups in its file (limit ${platform.documentUndoLimit})")
        platform.focused = editorOf(doc)
        s.end(listOf(TextEdit(Range(Position(1, 0), Position(2, 0)), "")), "accepted")
        assertEquals(5 + 500 - 1, doc.lineCount - 1)
        undo(doc)
        assertEquals(original, doc.text(), "one Ctrl+Z: the text before the session")
        secondSessionAndRename(doc)
    }

    @Test
    fun `4 a very low undo limit splits the step more often, and each Ctrl+Z stops at a split, never past the history`() {
        platform.documentUndoLimit = 10
        val doc = open("file:///a.kt")
        val s = Scripted("s1", doc)
        s.streamFirst()
        repeat(12) { action(doc) { doc.replace(0, 0, "$it") } } // the user's own edits count against the limit too
        s.streamSecond()
        s.done()
        s.acceptAll()
        val texts = mutableListOf(doc.text())
        while (doc.manager.canUndo(doc) && texts.size < 20) {
            undo(doc)
            texts += doc.text()
        }
        assertTrue(texts.size in 3..19, "more than one step, and an end: ${texts.size - 1}")
        assertTrue(texts.zipWithNext().all { (a, b) -> a != b }, "every Ctrl+Z changes the text")
        assertNotEquals(original, texts.last(), "the platform kept too few groups to reach the text before the session")
    }

    @Test
    fun `5 the session's editor closes while a split view of the file remains, with an in-place rename running there`() {
        val doc = open("file:///a.kt")
        val main = viewOf.getValue(doc)
        val split = openEditor(doc, "split")
        var rename: FakeUndo.Action? = null
        platform.command(projectA, null) { rename = platform.startMark(split.editor!!, "Rename") } // started before the session
        val s = Scripted("s1", doc)
        s.waiting()
        closeEditor(main, last = false)
        s.acceptAll() // the finish mark goes to the split view, whose rename keeps its mark
        assertTrue(split.editor!!.startMark === rename, "another editor's in-place-rename mark stays")
        assertSame(doc, rename!!.markDocument, "and still names its document (a finished mark's is null)")
        undo(doc)
        assertEquals(original, doc.text())
        platform.finishMark(split.editor!!, rename) // the rename ends
        secondSessionAndRename(doc)
    }

    @Test
    fun `5 the file's last editor closes while the proposal waits, then the file is opened again`() {
        val doc = open("file:///a.kt")
        val s = Scripted("s1", doc)
        s.waiting()
        type(doc, 0, 1, "x")
        closeEditor(viewOf.getValue(doc), last = true)
        assertEquals("ax\nb\nc\nd\ne\n", doc.text(), "the proposal is withdrawn, the user's typing stays")
        assertEquals(listOf("s1"), cancelled)
        assertEquals(SessionState.CANCELLED, host.ended.single().second)
        openEditor(doc, "reopened")
        s.broken() // the sidecar's late close changes nothing
        assertEquals(emptyList<EditorView>(), registry.paintedEditors("s1").toList())
        undo(doc)
        assertEquals(original, doc.text(), "one Ctrl+Z in the reopened file: back to before the session")
        secondSessionAndRename(doc)
    }

    @Test
    fun `6 saves while the proposal waits, one hint for the session, none for the build that saves again`() {
        val doc = open("file:///a.kt")
        val saves = SaveHints()
        val s = Scripted("s1", doc)
        s.waiting()
        val save = saves.decide(doc.uri, registry.sessionsIn(doc.uri), explicit = true)
        assertEquals(false, save.allowed)
        assertTrue(save.hint!!.contains("builds, runs and commits started now use a.kt as it was last saved"))
        assertEquals(SaveDecision(false, null), saves.decide(doc.uri, registry.sessionsIn(doc.uri), explicit = true), "Build saves all")
        assertEquals(SaveDecision(false, null), saves.decide(doc.uri, registry.sessionsIn(doc.uri), explicit = false), "autosave")
        s.acceptAll()
        assertEquals(SaveDecision(true, null), saves.decide(doc.uri, registry.sessionsIn(doc.uri), explicit = true))
        undo(doc)
        assertEquals(original, doc.text())
        secondSessionAndRename(doc)
    }

    @Test
    fun `7 completion turned off for the file's language is not claimed while a session runs there, and the session stays one step`() {
        val doc = open("file:///a.kt")
        val other = open("file:///b.md", "notes\n")
        sync.close(other.uri)
        sync.open(other.uri, "markdown", other.text())
        val settings = CompletionSettings.of(RedlineSettingsState().apply { completionDisabledLanguages = "kotlin" })
        val typing = CompletionTriggers.Trigger.TYPING
        val s = Scripted("s1", doc)
        s.streamFirst()
        type(doc, 0, 1, " ")
        assertEquals(false, CompletionTriggers.enabled(typing, sync.languageOf(doc.uri), midWord = false, settings), "another provider gets the event")
        assertTrue(CompletionTriggers.enabled(typing, sync.languageOf(other.uri), midWord = false, settings))
        s.streamSecond()
        s.done()
        s.acceptAll()
        undo(doc)
        assertEquals(original, doc.text())
        secondSessionAndRename(doc)
    }

    @Test
    fun `8 settings applied while no Redline runs create none, nor does any place off the UI thread, and a session afterwards is one step`() {
        // The settings page runs apply() on the UI thread and its work on a pooled thread; the service must not
        // be created there (its init reads the open editors and reports them to the UI-thread-only registry).
        // The same for the other places that may run off the UI thread or must stay trivial on it.
        val ide = java.io.File(System.getProperty("redline.repoRoot", "."), "intellij-plugin/src/main/kotlin/dev/redline/ide")
        val places = listOf(
            "RedlineSettings.kt" to "override fun apply()",
            "RedlineActions.kt" to "fun sessions(editor: Editor)",
            "RedlineActions.kt" to "override fun maySaveDocument(",
            "RedlineCompletion.kt" to "override fun isEnabled(",
        )
        for ((file, start) in places) {
            val body = ide.resolve(file).readText().substringAfter(start).substringBefore("\n    }\n")
            assertFalse("getInstance()" in body, "$file $start creates no service")
            assertTrue("serviceIfCreated<RedlineService>()" in body, "$file $start")
        }
        val doc = open("file:///a.kt")
        Scripted("s1", doc).run()
        undo(doc)
        assertEquals(original, doc.text())
        secondSessionAndRename(doc)
    }

    @Test
    fun `the model itself, without marks, a command between two of one group splits them`() {
        val doc = open("file:///a.kt")
        val group = Any()
        platform.command(projectA, group) { doc.replace(0, 0, "1") }
        action(doc) { doc.replace(2, 2, "x") }
        platform.command(projectA, group) { doc.replace(0, 0, "2") }
        undo(doc)
        assertEquals("1ax\nb\nc\nd\ne\n", doc.text(), "one groupId is not one undo step")
    }

    // The platform's undo loop as it runs: editor states, finished marks, forced-global commands, the redo loop,
    // the limit over all groups, modal dialogs and undo-transparent actions.

    @Test
    fun `the user clicked elsewhere in the file and typed while the reply streamed, one Ctrl+Z still takes the first render's lines out, and redo brings the accepted text back`() {
        val doc = open("file:///a.kt")
        val s = Scripted("s1", doc)
        s.streamFirst()
        type(doc, lineOf(doc, "e"), 1, "!")
        s.streamSecond()
        s.done()
        s.acceptAll()
        val accepted = doc.text()
        assertEquals("a\nB\nc\nD\ne!\n", accepted)
        undo(doc)
        assertEquals(original, doc.text(), "one Ctrl+Z: back to before the session, the first render's lines included")
        redo(doc)
        assertEquals(accepted, doc.text(), "one Ctrl+Shift+Z: the accepted text")
        undo(doc)
        assertEquals(original, doc.text())
        secondSessionAndRename(doc)
    }

    @Test
    fun `the caret moved before Accept, Ctrl+Shift+Z brings the accepted text back whole, not the proposal beside the original`() {
        val doc = open("file:///a.kt")
        val s = Scripted("s1", doc)
        s.waiting()
        editorOf(doc).moveCaret(doc.lineStart(lineOf(doc, "e"))) // a click further down, then Accept
        s.acceptAll()
        val accepted = doc.text()
        // An undo that restores no caret (the model's undo without an editor), so that only redo's rule is at work.
        doc.manager.undo(doc)
        assertEquals(original, doc.text())
        redo(doc)
        assertEquals(accepted, doc.text())
    }

    @Test
    fun `after a re-anchor, Shift+F6 in the file falls back to the Rename dialog without an error, and the session stays one step`() {
        val doc = open("file:///a.kt")
        val other = open("file:///other.kt", "use e\n")
        platform.focused = editorOf(doc)
        val s = Scripted("s1", doc)
        s.waiting()
        renameAcrossFiles(doc, other)
        s.acceptFirst() // the window is re-anchored before this render
        assertEquals(FakeUndo.Rename.DIALOG, platform.rename(editorOf(doc), doc.lineStart(lineOf(doc, "c")), 1, "cc"))
        s.rejectRest()
        assertEquals("a\nB\ncc\nd\nee\n", doc.text())
        undo(doc)
        assertEquals(original, doc.text())
        assertEquals("use e\n", other.text())
    }

    @Test
    fun `the user's own changes while the proposal waits count against the undo limit, near it the step is split in two, and the second Ctrl+Z ends where the history ends`() {
        val doc = open("file:///a.kt")
        val s = Scripted("s1", doc)
        s.waiting()
        repeat(120) { action(doc) { doc.replace(0, 0, "$it,") } } // Enter, paste, completion...: a group each
        s.acceptAll()
        undo(doc)
        val afterFirst = doc.text()
        assertTrue(doc.manager.canUndo(doc), "the first Ctrl+Z stops where the step was split, not at the bottom of the history")
        assertTrue(afterFirst.lines().first().endsWith("1,0,a") && !afterFirst.startsWith("119,"), "the user's later changes undone, the earlier kept: $afterFirst")
        assertTrue(afterFirst.lines().containsAll(listOf("b", "B", "d", "D")), "the proposal, as it was before Accept, as plain text: $afterFirst")
        undo(doc)
        assertNotEquals(afterFirst, doc.text())
        assertFalse(doc.manager.canUndo(doc), "the second Ctrl+Z: as far back as the platform still remembers")
    }

    @Test
    fun `a class renamed through the Rename dialog renames its file too, a global command in the session's file only, and still one Ctrl+Z that asks nothing`() {
        val doc = open("file:///a.kt")
        val s = Scripted("s1", doc)
        s.waiting()
        platform.dialogRename(editorOf(doc), doc.lineStart(lineOf(doc, "e")), 1, "ee", renamesFile = true)
        s.acceptAll()
        assertEquals("a\nB\nc\nD\nee\n", doc.text())
        undo(doc)
        assertEquals(original, doc.text())
    }

    @Test
    fun `a command marked global in the session's file only, and one naming another file as affected, leave the session one step that asks nothing`() {
        val doc = open("file:///a.kt")
        val other = open("file:///other.kt", "use e\n")
        platform.focused = editorOf(doc)
        val s = Scripted("s1", doc)
        s.waiting()
        platform.command(projectA, null, name = "Reformat") { // run from the project view: BaseRefactoringProcessor marks it global
            doc.replace(0, 1, "A")
            platform.markCurrentCommandAsGlobal(projectA)
        }
        s.acceptFirst()
        platform.command(projectA, null, name = "Move") {
            doc.replace(doc.lineStart(lineOf(doc, "e")), doc.lineStart(lineOf(doc, "e")) + 1, "E")
            platform.addAffectedDocuments(projectA, other)
        }
        s.rejectRest()
        assertEquals("A\nB\nc\nd\nE\n", doc.text())
        undo(doc)
        assertEquals(original, doc.text())
    }

    @Test
    fun `Ctrl+Shift+Z after undoing past a streaming session's start brings nothing back, the model's partial lines cannot return unmarked`() {
        val doc = open("file:///a.kt")
        type(doc, 0, 0, "0")
        action(doc)
        val s = Scripted("s1", doc)
        s.streamFirst()
        s.streamSecond()
        repeat(3) { if (cancelled.isEmpty()) undo(doc) }
        assertEquals(listOf("s1"), cancelled, "undoing past the start cancels the session")
        s.broken() // the sidecar's close of the cancelled session: nothing left to take out
        assertEquals("0a\nb\nc\nd\ne\n", doc.text())
        redo(doc)
        assertEquals("0a\nb\nc\nd\ne\n", doc.text(), "no proposal lines come back")
        assertFalse(doc.manager.canRedo(doc))
        repeat(2) { if (doc.text() != original) undo(doc) }
        assertEquals(original, doc.text(), "the typing before the session is still there to undo")
    }

    @Test
    fun `a command that shows a dialog half-way (its events finish and start again), changing the session's file before and another file after, is a cross-file command`() {
        val doc = open("file:///a.kt")
        val other = open("file:///other.kt", "use e\n")
        platform.focused = editorOf(doc)
        val s = Scripted("s1", doc)
        s.waiting()
        platform.command(projectA, "refactor", name = "Refactor") {
            doc.replace(doc.lineStart(lineOf(doc, "e")), doc.lineStart(lineOf(doc, "e")) + 1, "ee")
            platform.modal() // a conflicts dialog: CoreCommandProcessor.enterModal / leaveModal
            other.replace(4, 5, "ee")
        }
        s.acceptAll()
        undo(doc)
        assertEquals(original, doc.text())
        assertEquals("use e\n", other.text())
    }

    @Test
    fun `an undo-transparent action that changes the session's file and another one, with no command events, is a cross-file change too`() {
        val doc = open("file:///a.kt")
        val other = open("file:///other.kt", "use e\n")
        platform.focused = editorOf(doc)
        val s = Scripted("s1", doc)
        s.waiting()
        platform.transparent {
            doc.replace(doc.lineStart(lineOf(doc, "e")), doc.lineStart(lineOf(doc, "e")) + 1, "ee")
            other.replace(4, 5, "ee")
        }
        s.acceptAll()
        undo(doc)
        assertEquals(original, doc.text())
        assertEquals("use e\n", other.text())
    }

    @Test
    fun `the project closes while the proposal waits, the proposal is withdrawn before the final save, the typing is saved, and nothing runs on the disposed project`() {
        val doc = open("file:///a.kt")
        val s = Scripted("s1", doc)
        s.waiting()
        type(doc, 0, 1, "x")
        registry.closingBeforeSave(setOf(doc.uri)) // ProjectCloseListener.projectClosingBeforeSave, before FileDocumentManager.saveAllDocuments
        assertEquals("ax\nb\nc\nd\ne\n", doc.text(), "the proposal is out, the typing stays")
        assertTrue(SaveHints().decide(doc.uri, registry.sessionsIn(doc.uri), explicit = false).allowed, "the final save writes the file")
        assertEquals(listOf("s1"), cancelled)
        projectA.dispose()
        closeEditor(viewOf.getValue(doc), last = true) // the editors go after the project is disposed
    }

    @Test
    fun `the IDE exits with proposals open in two projects, all are withdrawn before the projects close`() {
        val a = open("file:///a.kt")
        val b = open("file:///b.kt", original, projectB)
        Scripted("s1", a).waiting()
        Scripted("s2", b).waiting()
        registry.closingBeforeSave(setOf(a.uri, b.uri)) // AppLifecycleListener.appWillBeClosed: every open document
        assertEquals(original, a.text())
        assertEquals(original, b.text())
        assertEquals(setOf("s1", "s2"), cancelled.toSet())
    }

    @Test
    fun `the document's first editor belongs to no project, the session's commands run in the mark editor's project, and Ctrl+Z undoes them`() {
        val uri = "file:///a.kt"
        val doc = open(uri, first = host.view(uri, "preview", inProject = false))
        platform.focused = editorOf(doc)
        Scripted("s1", doc).run()
        undo(doc)
        assertEquals(original, doc.text())
    }
}
