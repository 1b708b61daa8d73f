package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

class ProposalWarningsTest {
    private val uri = "file:///src/Orders.kt"
    private val fixture = RegistryOnDocument(uri, "a\nb\nc\n")
    private val host = fixture.host
    private val registry = fixture.registry

    private val importFix = WarningFix("Add import returnPolicy", listOf(TextEdit(Range(Position(0, 0), Position(0, 0)), "import returnPolicy\n")))
    private val unknown = EditWarning("unknownName", "`returnPolicy` is not declared or imported.", 2, importFix)
    private val repaired = EditWarning("repaired", "The first reply had problems; this is the model's second.", null)

    /** Replaces line 1 ("b") with "B2" as an added line below it: the proposal's first line is 2. */
    private fun proposeB2() = host.onUi {
        registry.render(
            RenderParams(
                "s1", uri, 0,
                edits = listOf(TextEdit(Range(Position(2, 0), Position(2, 0)), "B2\n")),
                decorations = RenderDecorations(runs = listOf(DiffLineRun(1, 1, "removed"), DiffLineRun(2, 1, "added"))),
                hunks = listOf(Hunk(1, 3, 1, 1)),
                undo = UndoMarker("g1", open = true, close = false),
            ),
        )
    }

    private fun status(state: String, vararg warnings: EditWarning) = host.onUi { registry.status(SessionStatusParams("s1", uri, state, hunkCount = 1, warnings = warnings.toList())) }

    private fun lastShown() = host.onUi { host.warnings.last() }

    @Test
    fun `each status's findings are kept and shown on their lines, the whole list replacing the last, unchanged lists shown once`() {
        proposeB2()
        status(SessionState.STREAMING, unknown, repaired)
        val (id, where, shown) = lastShown()
        assertEquals("s1" to uri, id to where)
        assertEquals(listOf(Triple(2, DiagnosticSeverity.WARNING, importFix), Triple(2, DiagnosticSeverity.INFORMATION, null)), shown.map { Triple(it.line, it.severity, it.fix) })

        status(SessionState.DONE, EditWarning("syntax", "Syntax error.", 1))
        assertEquals(listOf("syntax" to 1), lastShown().third.map { it.kind to it.line })
        assertEquals(listOf("syntax"), host.onUi { registry.warningsOf("s1") }.map { it.kind })

        val calls = host.onUi { host.warnings.size }
        status(SessionState.DONE, EditWarning("syntax", "Syntax error.", 1))
        assertEquals(calls, host.onUi { host.warnings.size }, "the same findings again show nothing new")
    }

    @Test
    fun `the findings go when the session ends, and a session without any shows none`() {
        proposeB2()
        status(SessionState.DONE)
        assertTrue(host.onUi { host.warnings.isEmpty() })
        status(SessionState.DONE, unknown)
        status("rejected")
        assertEquals(Triple("s1", uri, emptyList<ShownWarning>()), lastShown())
        assertEquals(emptyList<ShownWarning>(), host.onUi { registry.warningsOf("s1") })
        assertNotNull(host.onUi { registry.applyFix("s1", 0) }, "an ended session's fix is refused")
    }

    @Test
    fun `a current fix is applied as the user's own command outside the session's undo window, the others moving with it`() {
        proposeB2()
        status(SessionState.DONE, unknown, EditWarning("syntax", "Syntax error.", 3))
        val before = fixture.sync.version(uri)!!

        assertNull(host.onUi { registry.applyFix("s1", 0) })

        assertEquals("import returnPolicy\na\nb\nB2\nc\n", fixture.buffer.text())
        assertEquals(before + 1, fixture.sync.version(uri), "the change reached the document sync like any other")
        val command = host.onUi { host.commands.last() }
        assertTrue(command.window == null && command.group.name != "g1", "not a command of the session's window")
        assertEquals(listOf("syntax" to 4), lastShown().third.map { it.kind to it.line })
    }

    @Test
    fun `a fix is refused once the document changed after its status, and nothing is written`() {
        proposeB2()
        status(SessionState.DONE, unknown)
        host.onUi { fixture.buffer.replace(fixture.buffer.length, fixture.buffer.length, "typed\n") }
        val text = fixture.buffer.text()

        val refusal = host.onUi { registry.applyFix("s1", 0) }

        assertTrue(refusal!!.startsWith("the document changed after this fix was proposed"), refusal)
        assertEquals(text, fixture.buffer.text())
        assertFalse(host.onUi { host.warnings.last().third.isEmpty() }, "the finding is still shown")
    }

    @Test
    fun `a warning without a line goes on the proposal's first line, every line clamped into the document`() {
        val record = setOf(LineMark(7, DiffLineKind.REMOVED), LineMark(9, DiffLineKind.ADDED), LineMark(8, DiffLineKind.ADDED))
        assertEquals(8, ProposalWarnings.firstLine(record, listOf(Hunk(7, 10, 1, 2))))
        assertEquals(4, ProposalWarnings.firstLine(emptySet(), listOf(Hunk(6, 7, 1, 0), Hunk(4, 5, 1, 0))))
        assertNull(ProposalWarnings.firstLine(emptySet(), emptyList()))

        val shown = ProposalWarnings.shown(listOf(repaired, EditWarning("largeDeletion", "Many lines removed.", 50)), null, 20)
        assertEquals(listOf(0, 19), shown.map { it.line })
        assertEquals(listOf(DiagnosticSeverity.INFORMATION, DiagnosticSeverity.WARNING), shown.map { it.severity })
        assertEquals(DiagnosticSeverity.INFORMATION, ProposalWarnings.severityOf("addedImport"))
        for (kind in listOf("syntax", "largeDeletion", "unknownName", "lineRange", "outOfScope")) assertEquals(DiagnosticSeverity.WARNING, ProposalWarnings.severityOf(kind), kind)
    }

    @Test
    fun `the notification names the file and counts lines from 1, its messages escaped`() {
        val shown = ProposalWarnings.shown(listOf(EditWarning("unknownName", "`List<Order>` is not declared.", 4)), null, 10)
        assertEquals("Redline: a finding about the proposal in Orders.kt:<br>line 5: `List&lt;Order&gt;` is not declared.", ProposalWarnings.notificationText(uri, shown))
    }
}
