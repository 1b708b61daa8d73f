package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class SessionRegistryTest {
    private val uri = "file:///a.kt"
    private val fixture = RegistryOnDocument(uri, "a\nb\nc\n")
    private val host = fixture.host
    private val sync = fixture.sync
    private val registry = fixture.registry
    private val buffer = fixture.buffer

    private fun insertB2(version: Int, open: Boolean) = RenderParams(
        "s1", uri, version,
        edits = listOf(TextEdit(Range(Position(2, 0), Position(2, 0)), "B2\n")),
        decorations = RenderDecorations(runs = listOf(DiffLineRun(1, 1, "removed"), DiffLineRun(2, 1, "added"))),
        hunks = listOf(Hunk(1, 3, 1, 1)),
        undo = UndoMarker("g1", open = open, close = false),
    )

    @Test
    fun `renders paint marks, the undo group spans open to close, a terminal status removes every mark`() {
        host.onUi { registry.render(insertB2(0, open = true)) }
        assertEquals(setOf(LineMark(1, "removed"), LineMark(2, "added")), host.marksOf("s1"))
        host.onUi { registry.status(SessionStatusParams("s1", uri, "done", hunkCount = 1)) }
        assertTrue(HunkActions(1, null) in host.marksOf("s1"))
        assertTrue(host.onUi { registry.hasPendingProposal(uri) })

        val accept = RenderParams("s1", uri, 1, listOf(TextEdit(Range(Position(1, 0), Position(2, 0)), "")), undo = UndoMarker("g1", open = false, close = true))
        assertEquals(RenderResult(true, 2), host.onUi { registry.render(accept) })
        host.onUi { registry.status(SessionStatusParams("s1", uri, "accepted")) }

        assertEquals("a\nB2\nc\n", buffer.text())
        assertEquals(emptySet<MarkSpec>(), host.marksOf("s1"))
        assertFalse(host.onUi { registry.hasPendingProposal(uri) })
        assertEquals(1, host.edits.map { it.first }.toSet().size, "one undo group for the whole session")
        assertEquals(Triple("s1", "accepted", null), host.ended.single())
    }

    @Test
    fun `a render from a line down keeps the marks and hunks above it`() {
        host.onUi { registry.render(insertB2(0, open = true)) }
        val below = RenderParams(
            "s1", uri, 1,
            edits = listOf(TextEdit(Range(Position(4, 0), Position(4, 0)), "D\n")),
            decorations = RenderDecorations(from = 4, runs = listOf(DiffLineRun(4, 1, "added"))),
            hunks = listOf(Hunk(4, 5, 0, 1)),
        )
        host.onUi { registry.render(below) }
        host.onUi { registry.status(SessionStatusParams("s1", uri, "done", hunkCount = 2)) }
        assertEquals(
            setOf(LineMark(1, "removed"), LineMark(2, "added"), LineMark(4, "added"), HunkActions(1, null), HunkActions(1, 1), HunkActions(4, 4)),
            host.marksOf("s1"),
        )
    }

    @Test
    fun `a late render of an ended session is applied but does not bring the session back`() {
        host.onUi { registry.status(SessionStatusParams("s1", uri, "cancelled")) }
        host.onUi { registry.render(insertB2(0, open = false)) }
        assertFalse(host.onUi { registry.hasPendingProposal(uri) })
        assertEquals(emptySet<MarkSpec>(), host.marksOf("s1"))
    }

    @Test
    fun `a new session's open marker starts a new undo group`() {
        host.onUi { registry.render(insertB2(0, open = true)) }
        host.onUi { registry.render(insertB2(1, open = true).copy(sessionId = "s2")) }
        assertEquals(2, host.edits.map { it.first }.toSet().size)
    }

    @Test
    fun `abandoning takes the proposal's added lines out, where typing moved them, and ends the session cancelled`() {
        host.onUi { registry.render(insertB2(0, open = true)) }
        host.onUi { buffer.replace(0, 0, "typed\n") }
        host.onUi { registry.abandonAll("sidecar died") }
        assertEquals("typed\na\nb\nc\n", buffer.text())
        assertEquals(emptySet<MarkSpec>(), host.marksOf("s1"))
        assertEquals(Triple("s1", "cancelled", "sidecar died"), host.ended.single())
        assertEquals(host.edits.first().first, host.edits.last().first, "the revert joins the session's undo group")
        // The restarted sidecar reuses the id: it is a new session, not a late message of the old one.
        host.onUi { registry.render(insertB2(sync.version(uri)!!, open = true)) }
        assertTrue(host.onUi { registry.hasPendingProposal(uri) })
    }

    @Test
    fun `abandoning mid-stream keeps the unreached original lines and takes out the green and streaming lines`() {
        val streaming = RenderParams(
            "s1", uri, 0,
            edits = listOf(TextEdit(Range(Position(1, 0), Position(1, 0)), "new\npart\n")),
            decorations = RenderDecorations(runs = listOf(DiffLineRun(1, 2, "added"), DiffLineRun(3, 2, "unreached")), streamingLine = 2),
            hunks = listOf(Hunk(1, 3, 0, 2)),
            undo = UndoMarker("g1", open = true, close = false),
        )
        host.onUi { registry.render(streaming) }
        assertEquals("a\nnew\npart\nb\nc\n", buffer.text())
        assertTrue(LineMark(3, "unreached") in host.marksOf("s1"))
        host.onUi { registry.abandonAll("sidecar died") }
        assertEquals("a\nb\nc\n", buffer.text())
        assertEquals(emptySet<MarkSpec>(), host.marksOf("s1"))
    }

    @Test
    fun `marks are painted in every editor of the document, also in one opened later, and a released editor is let go`() {
        host.onUi { registry.render(insertB2(0, open = true)) }
        val split = host.view(uri, "split")
        host.onUi { registry.editorOpened(split) }
        assertEquals(setOf(LineMark(1, "removed"), LineMark(2, "added")), host.marksOf("s1", "split"))
        host.onUi { registry.editorReleased(split) }
        assertEquals(emptySet<MarkSpec>(), host.marksOf("s1", "split"))
        assertEquals(listOf("split" to "s1"), host.released.toList())
        assertEquals(setOf<EditorView>(host.view(uri)), host.onUi { registry.paintedEditors("s1") })
        host.onUi { registry.status(SessionStatusParams("s1", uri, "done", hunkCount = 1)) }
        assertEquals(emptySet<MarkSpec>(), host.marksOf("s1", "split"), "nothing is painted into a released editor")
    }

    @Test
    fun `an editor opened after typing moved the proposal gets the marks where the lines are now`() {
        host.onUi { registry.render(insertB2(0, open = true)) }
        host.onUi { buffer.replace(0, 0, "typed\n") }
        host.onUi { registry.editorOpened(host.view(uri, "late")) }
        assertEquals(setOf(LineMark(2, "removed"), LineMark(3, "added")), host.marksOf("s1", "late"))
    }

    @Test
    fun `marks someone else removed come back with the next render, and the crash revert does not need them`() {
        host.onUi { registry.render(insertB2(0, open = true)) }
        host.removeAllHighlighters("main")
        assertEquals(emptySet<MarkSpec>(), host.marksOf("s1"))
        host.onUi { registry.status(SessionStatusParams("s1", uri, "done", hunkCount = 1)) }
        assertEquals(setOf(LineMark(1, "removed"), LineMark(2, "added"), HunkActions(1, null)), host.marksOf("s1"))
        host.removeAllHighlighters("main")
        host.onUi { registry.abandonAll("sidecar died") }
        assertEquals("a\nb\nc\n", buffer.text())
    }

    @Test
    fun `other threads read a published copy of the sessions`() {
        host.onUi { registry.render(insertB2(0, open = true)) }
        val seen = registry.sessionsIn(uri).single() // on the test thread, not the UI thread
        assertEquals(SessionView("s1", uri, SessionState.STREAMING, listOf(Hunk(1, 3, 1, 1)), mapOf(1 to "removed", 2 to "added")), seen)
        assertTrue(registry.hasPendingProposal(uri))
    }
}
