package dev.redline.core

import dev.redline.core.nextedit.KeyContext
import dev.redline.core.nextedit.NextEditController
import dev.redline.core.nextedit.NextEditPlatform
import dev.redline.core.nextedit.TabAction
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test
import java.util.concurrent.CompletableFuture
import kotlin.math.abs

/**
 * A next-edit suggestion through the controller and the session registry, the platform's undo as
 * FakeUndo models it, and a scripted sidecar that renames `count` to `total` on the line nearest the
 * caret, shown as a session of its own (red line, green line under it). Everything runs on the test
 * thread, as it would on the UI thread.
 */
class NextEditFlowTest {
    private val undo = FakeUndo()
    private val project = undo.project("A")
    private val host = FakeHost().also { it.undo = undo }
    private val sync = DocumentSync()
    private val registry = SessionRegistry(host, RenderApplier(sync::version))
    private val uri = "file:///stats.kt"
    private val original = "fun sum(values: List<Int>): Int {\n    var count = 0\n    for (v in values) {\n        count += v\n    }\n    println(count)\n\n    return count\n}\n"
    private val typed = original.replace("var count", "var total")
    private val doc: FakeUndo.Document = undo.document(uri, original, project)
    private val hints = mutableListOf<Int?>()
    private val ghosts = mutableListOf<String>()
    private val sidecar = Scripted()
    private var enabled = true
    private val controller = NextEditController(
        request = sidecar::nextEdit,
        settle = sidecar::settle,
        sessions = registry::sessionsIn,
        version = sync::version,
        enabled = { enabled },
        platform = object : NextEditPlatform {
            override fun showGhost(uri: String): Boolean { ghosts += uri; return true }
            override fun hint(uri: String, line: Int?, text: String) { hints += line }
            override fun keyContext(uri: String): KeyContext? = null
        },
        onUi = { it() },
    )

    init {
        host.buffers[uri] = doc
        sync.open(uri, "kotlin", original)
        doc.buffer.listeners += { start, old, new ->
            sync.changed(uri, doc.positionOf(start), old, new) { doc.text() }
            registry.documentChanged(uri, TextChange(doc.positionOf(start), old, new))
        }
        registry.editorOpened(host.view(uri))
    }

    /** The sidecar double: one hunk per request, the use of `count` nearest the position; accept or reject ends its session. */
    private inner class Scripted {
        val requests = mutableListOf<NextEditParams>()
        private var sessions = 0
        private val lineOf = HashMap<String, Int>()

        fun nextEdit(params: NextEditParams): CompletableFuture<NextEditResult> {
            requests += params
            val lines = doc.text().split("\n")
            val uses = lines.indices.filter { Regex("\\bcount\\b").containsMatchIn(lines[it]) }
            val line = uses.minByOrNull { abs(it - params.position.line) } ?: return CompletableFuture.completedFuture(NextEditResult())
            val id = "next-${++sessions}"
            lineOf[id] = line
            val renamed = lines[line].replace(Regex("\\bcount\\b"), "total")
            render(id, listOf(TextEdit(Range(Position(line + 1, 0), Position(line + 1, 0)), "$renamed\n")), listOf(DiffLineRun(line, 1, "removed"), DiffLineRun(line + 1, 1, "added")), listOf(Hunk(line, line + 2, 1, 1)), open = true)
            status(id, SessionState.DONE)
            val edit = TextEdit(Range(Position(line, 0), Position(line + 1, 0)), "$renamed\n")
            return CompletableFuture.completedFuture(NextEditResult(NextEditSuggestion(params.textDocument.version, listOf(edit), NextEditDisplay.PROPOSAL, sessionId = id)))
        }

        fun settle(id: String, accept: Boolean): CompletableFuture<SettleResult> {
            val line = lineOf.getValue(id)
            // Accept takes the red line out, reject the green one.
            val gone = if (accept) line else line + 1
            render(id, listOf(TextEdit(Range(Position(gone, 0), Position(gone + 1, 0)), "")), emptyList(), emptyList(), close = true)
            status(id, if (accept) "accepted" else "rejected")
            return CompletableFuture.completedFuture(SettleResult(0))
        }

        private fun render(id: String, edits: List<TextEdit>, runs: List<DiffLineRun>, hunks: List<Hunk>, open: Boolean = false, close: Boolean = false) {
            val result = registry.render(RenderParams(id, uri, sync.version(uri)!!, edits, RenderDecorations(runs = runs), hunks, UndoMarker(id, open, close)))
            assertTrue(result.applied)
        }

        private fun status(id: String, state: String) {
            registry.status(SessionStatusParams(id, uri, state, hunkCount = if (state == SessionState.DONE) 1 else 0))
            controller.statusChanged(uri, id, state)
        }
    }

    /** The user renames the declaration on line 1, a typing command of the platform. */
    private fun renameDeclaration() {
        val at = doc.lineStart(1) + "    var ".length
        undo.command(project, Any()) { doc.replace(at, at + "count".length, "total") }
        controller.userChanged(uri, Position(1, "    var total".length))
    }

    private fun context(caretLine: Int, taken: Boolean = false) = KeyContext(caretLine, 0, 40, taken)

    private fun renamed(uses: Int): String {
        val lines = typed.split("\n").toMutableList()
        listOf(3, 5, 7).take(uses).forEach { lines[it] = lines[it].replace("count", "total") }
        return lines.joinToString("\n")
    }

    @Test
    fun `a rename of one use is followed hunk by hunk with Tab, going first to a far one, each acceptance one undo step`() {
        assertEquals(TabAction.StepAside, controller.tab(uri, context(1), Position(1, 13)), "nothing shown yet: Tab indents")
        renameDeclaration()
        assertEquals(typed.replace("        count += v\n", "        count += v\n        total += v\n"), doc.text(), "red line, green line under it")
        assertEquals(4, hints.last(), "the hint follows the green line")
        assertEquals(TabAction.StepAside, controller.tab(uri, context(1, taken = true), Position(1, 13)), "a popup keeps its Tab")

        assertEquals(TabAction.Accept("next-1"), controller.tab(uri, context(1), Position(1, 13)))
        assertEquals(renamed(1).replace("    println(count)\n", "    println(count)\n    println(total)\n"), doc.text(), "the next hunk follows at once")
        assertEquals(TabAction.Accept("next-2"), controller.tab(uri, context(1), Position(1, 13)))
        // The last use is six lines from the caret: Tab goes there first, then accepts.
        assertEquals(TabAction.Jump(7), controller.tab(uri, context(1), Position(1, 13)))
        assertEquals(TabAction.Accept("next-3"), controller.tab(uri, context(7), Position(7, 4)))
        assertEquals(renamed(3), doc.text())
        assertNull(hints.last(), "no hint once nothing is shown")
        assertEquals(TabAction.StepAside, controller.tab(uri, context(7), Position(7, 4)))
        assertEquals(listOf(NextEditTrigger.AUTOMATIC, NextEditTrigger.INVOKED, NextEditTrigger.INVOKED, NextEditTrigger.INVOKED), sidecar.requests.map { it.trigger })

        for (uses in listOf(2, 1, 0)) {
            project.undo(doc)
            assertEquals(renamed(uses), doc.text(), "one Ctrl+Z takes back one hunk")
        }
        project.undo(doc)
        assertEquals(original, doc.text(), "then the user's own rename")
    }

    @Test
    fun `Esc dismisses the shown hunk and leaves no marks, and with the setting off nothing is asked`() {
        renameDeclaration()
        assertTrue(host.marksOf("next-1").isNotEmpty())
        controller.escape(uri, context(1))
        assertEquals(typed, doc.text())
        assertTrue(host.marksOf("next-1").isEmpty())
        assertNull(controller.shownHunk(uri))
        assertNull(hints.last())

        // Ctrl+Z after a dismissal never shows the hunk's lines again; it reaches the user's rename (after a step that
        // changes nothing: the dismissed hunk's own, its line put in and taken out).
        val seen = mutableListOf<String>()
        while (seen.size < 3 && seen.lastOrNull() != original) {
            project.undo(doc)
            seen += doc.text()
        }
        assertTrue(seen.all { it == typed || it == original }, seen.joinToString("\n---\n"))
        assertEquals(original, seen.last())

        enabled = false
        val asked = sidecar.requests.size
        controller.userChanged(uri, Position(1, 13))
        assertEquals(asked, sidecar.requests.size)
    }

    @Test
    fun `next-edit ghost text where the platform's manual call is missing, the IDE's own call is made, and only during it Redline claims that call, completion off and mid-word as well`() {
        val off = CompletionSettings.of(RedlineSettingsState().apply { completionEnabled = false })
        val claimed = mutableListOf<Boolean>()
        lateinit var ghostController: NextEditController
        ghostController = NextEditController(
            request = { params -> CompletableFuture.completedFuture(NextEditResult(NextEditSuggestion(params.textDocument.version, emptyList(), NextEditDisplay.GHOST, InlineCompletionItem("total")))) },
            settle = sidecar::settle,
            sessions = registry::sessionsIn,
            version = sync::version,
            enabled = { true },
            platform = object : NextEditPlatform {
                override fun showGhost(uri: String) = false // InlineCompletionEvent.ManualCall changed or went
                override fun callInlineCompletion(uri: String) {
                    claimed += CompletionTriggers.claims(CompletionTriggers.of("DirectCall"), "kotlin", midWord = true, off, ghostController.ghostCall(uri))
                }
                override fun hint(uri: String, line: Int?, text: String) {}
                override fun keyContext(uri: String): KeyContext? = null
            },
            onUi = { it() },
        )
        ghostController.invoke(uri, Position(1, 8))
        assertEquals(listOf(true), claimed)
        assertEquals(false, ghostController.ghostCall(uri), "afterwards the usual rules claim")
    }
}
