package dev.redline.core

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNotNull
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * FakeUndo against the rules it models, each as the platform's source states it (see FakeUndo.kt for the
 * classes). The expected values come from those rules, not from running the model.
 */
class FakeUndoTest {
    private val platform = FakeUndo()
    private val project = platform.project("p")
    private val a = platform.document("file:///a.kt", "aaa\n", project)
    private val b = platform.document("file:///b.kt", "bbb\n", project)
    private val editorA = platform.Editor(a)
    private val editorB = platform.Editor(b)

    private fun edit(doc: FakeUndo.Document, text: String, group: Any? = Any(), record: Boolean = true, policy: FakeUndo.Policy = FakeUndo.Policy.DEFAULT) =
        platform.command(project, group, policy, recordActiveDocument = record) { doc.replace(0, 0, text) }

    @Test
    fun `a command recorded for the active document mentions the focused file, its group is on both stacks and global`() {
        platform.focused = editorB
        edit(a, "1")
        edit(a, "2") // flushes the first
        val group = project.undoStacks.last(a)!!
        assertTrue(group.global)
        assertEquals(setOf(a, b), group.docs)
        assertTrue(project.undoStacks.last(b) === group, "Ctrl+Z in b would undo a's change")
    }

    @Test
    fun `the overload without the active document keeps the group to its own file`() {
        platform.focused = editorB
        edit(a, "1", record = false)
        edit(a, "2", record = false)
        assertFalse(project.undoStacks.last(a)!!.global)
        assertNull(project.undoStacks.last(b))
    }

    @Test
    fun `a global group asks before it is undone unless its policy says not to`() {
        platform.focused = editorB
        edit(a, "1")
        project.undo(a)
        assertEquals(1, platform.dialogs.size)
        assertTrue(platform.dialogs.single().startsWith("Undo"))
        assertEquals("aaa\n", a.text())
        platform.dialogs.clear()
        edit(a, "2", policy = FakeUndo.Policy.DO_NOT_REQUEST_CONFIRMATION)
        project.undo(a)
        assertEquals(emptyList<String>(), platform.dialogs)
        assertEquals("aaa\n", a.text())
    }

    @Test
    fun `a global group whose other file changed since cannot be undone`() {
        platform.focused = editorB
        edit(a, "1", policy = FakeUndo.Policy.DO_NOT_REQUEST_CONFIRMATION)
        edit(b, "2", record = false)
        project.undo(a)
        assertEquals(1, platform.reports.size)
        assertTrue(platform.reports.single().startsWith("Cannot Undo"))
        assertEquals("1aaa\n", a.text(), "nothing undone")
    }

    @Test
    fun `undo goes on inside a start-finish pair, and a global group inside makes the finish ask first`() {
        platform.command(project, null, recordActiveDocument = false) { platform.startMark(editorA, "Edit") }
        edit(a, "1", record = false)
        platform.command(project, null) { a.replace(0, 0, "2"); b.replace(0, 0, "2") } // two files: global
        edit(a, "3", record = false)
        platform.command(project, null, recordActiveDocument = false) { platform.finishMark(editorA, editorA.startMark) }
        project.undo(a)
        assertEquals(1, platform.dialogs.size, "the finish mark turned global, so the first step asks")
        assertEquals("aaa\n", a.text(), "one Ctrl+Z: everything since the start mark")
        assertEquals("bbb\n", b.text(), "the global group inside was undone in both files")
    }

    @Test
    fun `start marks are kept per editor until finished`() {
        var mark: FakeUndo.Action? = null
        platform.command(project, null) { mark = platform.startMark(editorA, "Edit") }
        assertNotNull(mark)
        assertThrows(FakeUndo.AlreadyStartedException::class.java) { platform.command(project, null) { platform.startMark(editorA, "Other") } }
        // InplaceRefactoring refuses in the mark's own document and VariableInplaceRenameHandler falls back to the dialog.
        assertEquals(FakeUndo.Rename.DIALOG, platform.rename(editorA, 0, 3, "x"))
        assertEquals("x\n", a.text())
        assertEquals(FakeUndo.Rename.IN_PLACE, platform.rename(platform.Editor(a), 0, 1, "y"), "another editor of the same document is free")
        platform.finishMark(editorA, mark)
        assertNull(editorA.startMark)
        assertEquals(FakeUndo.Rename.IN_PLACE, platform.rename(editorA, 0, 1, "z"))
    }

    @Test
    fun `finishing clears the editor's mark and its document, a rename refused by such a mark shows a dialog and fails`() {
        var mark: FakeUndo.Action? = null
        platform.command(project, null) { mark = platform.startMark(editorA, "Edit") }
        assertSame(a, mark!!.markDocument)
        platform.finishMark(editorA, mark)
        assertNull(mark!!.markDocument, "StartMarkAction.markFinished: the document is gone")
        editorA.startMark = mark // a finished mark put back on an editor
        assertEquals(FakeUndo.Rename.FAILED, platform.rename(editorA, 0, 3, "x"))
        assertEquals(1, platform.dialogs.size)
        assertEquals(1, platform.errors.size)
        assertEquals("aaa\n", a.text())
    }

    @Test
    fun `a caret moved since a group makes undo only put it back first, at a start mark the loop then stops with that group on the stack`() {
        platform.focused = editorA
        platform.command(project, null, recordActiveDocument = false) { platform.startMark(editorA, "Edit"); a.replace(0, 0, "s") }
        editorA.moveCaret(3) // a click: no command
        platform.command(project, Any(), recordActiveDocument = false) { a.replace(3, 3, "t") }
        editorA.moveCaret(1)
        platform.command(project, null, recordActiveDocument = false) { platform.finishMark(editorA, editorA.startMark) }
        project.undo(editorA)
        assertEquals("saaa\n", a.text(), "the group with the start mark only had its caret put back")
        assertEquals(0, editorA.caret)
        project.undo(editorA)
        assertEquals("aaa\n", a.text())
        project.redo(editorA)
        assertEquals("saata\n", a.text(), "redo goes on inside the pair, the group whose caret differs included")
        assertTrue(project.canRedo(a), "and stops at the finish group, whose caret it only put back")
        assertEquals(1, editorA.caret)
    }

    @Test
    fun `a dialog inside a command ends and restarts the command's events, and the two halves still merge into one group`() {
        val events = mutableListOf<String>()
        platform.commandListeners += object : FakeUndo.CommandListener {
            override fun commandStarted(document: FakeUndo.Document?) { events += "started" }
            override fun commandFinished(groupId: Any?) { events += "finished $groupId" }
        }
        platform.command(project, "g", recordActiveDocument = false) {
            a.replace(0, 0, "1")
            platform.modal()
            b.replace(0, 0, "2")
        }
        assertEquals(listOf("started", "finished g", "started", "finished g"), events)
        edit(a, "3", record = false) // flushes
        val group = project.undoStacks.stack(a)[0]
        assertEquals(setOf(a, b), group.docs)
        assertTrue(group.global)
    }

    @Test
    fun `an undo-transparent action fires no command event, is recorded, and merges into the pending group of the same document`() {
        val events = mutableListOf<String>()
        platform.commandListeners += object : FakeUndo.CommandListener {
            override fun commandStarted(document: FakeUndo.Document?) { events += "started" }
            override fun undoTransparentActionStarted() { events += "transparent" }
            override fun undoTransparentActionFinished() { events += "transparent done" }
        }
        edit(a, "1", record = false)
        platform.transparent { a.replace(0, 0, "t") }
        assertEquals(listOf("started", "transparent", "transparent done"), events)
        edit(a, "2", record = false)
        project.undo(a)
        project.undo(a)
        assertEquals("aaa\n", a.text(), "the transparent change went with the first group")
        assertFalse(project.canUndo(a))
    }

    @Test
    fun `a change in a command of no project is recorded as non-undoable, and undo reports it`() {
        platform.command(null, null) { a.replace(0, 0, "x") }
        edit(a, "y", record = false)
        project.undo(a)
        project.undo(a)
        assertEquals("xaaa\n", a.text())
        assertEquals(1, platform.reports.size)
    }

    @Test
    fun `a command for a disposed project does not run and is logged as an error`() {
        project.dispose()
        var ran = false
        platform.command(project, null) { ran = true }
        assertFalse(ran)
        assertEquals(1, platform.errors.size)
    }

    @Test
    fun `a file renamed in a command and a command marked global make its group global, a document named as affected puts it on that stack only`() {
        platform.command(project, null, recordActiveDocument = false) { a.replace(0, 0, "1"); platform.fileChanged(project, a) }
        platform.command(project, null, recordActiveDocument = false) { a.replace(0, 0, "2"); platform.markCurrentCommandAsGlobal(project) }
        platform.command(project, null, recordActiveDocument = false) { a.replace(0, 0, "3"); platform.addAffectedDocuments(project, b) }
        edit(a, "4", record = false)
        val (renamed, marked, affected) = project.undoStacks.stack(a).take(3)
        assertTrue(renamed.global)
        assertTrue(marked.global)
        assertFalse(affected.global)
        assertSame(affected, project.undoStacks.last(b))
    }

    @Test
    fun `the undo limit drops the oldest groups, a start mark with them, and the finish then undoes all that is left`() {
        platform.documentUndoLimit = 5
        edit(a, "0", record = false)
        platform.command(project, null, recordActiveDocument = false) { platform.startMark(editorA, "Edit"); a.replace(0, 0, "s") }
        repeat(5) { edit(a, "$it", record = false) }
        platform.command(project, null, recordActiveDocument = false) { platform.finishMark(editorA, editorA.startMark) }
        assertEquals(5, project.undoGroups(a))
        project.undo(a)
        // 8 groups: "0", start + "s", "0" to "4", finish; the limit keeps the newest 5.
        assertEquals("0s0aaa\n", a.text(), "the start is gone: undo runs to the bottom of what is left, and no further")
        assertFalse(project.canUndo(a))
    }

    @Test
    fun `actions reported while undo runs are dropped`() {
        platform.command(project, null) {
            a.replace(0, 0, "1")
            project.undoableActionPerformed(FakeUndo.Action(listOf(a), FakeUndo.Kind.OTHER, undo = {
                platform.command(project, null) { a.replace(a.length, a.length, "!") } // applied, not recorded
            }))
        }
        project.undo(a)
        assertEquals("aaa\n!", a.text())
        assertFalse(project.canUndo(a), "the change made during undo is on no stack")
    }

    @Test
    fun `a change made with undo disabled makes a later undo replay at a wrong offset`() {
        edit(a, "X")
        a.replaceUnrecorded(0, 0, "Q")
        assertThrows(IllegalStateException::class.java) { project.undo(a) }
    }
}
