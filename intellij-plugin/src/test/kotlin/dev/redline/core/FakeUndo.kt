package dev.redline.core

/**
 * The IntelliJ Platform's command and undo machinery, as read in its sources, small enough to test against:
 *
 * - CoreCommandProcessor.executeCommand: a command inside a command just runs (it joins the outer one);
 *   every command's start and finish reaches the undo manager of every project (UndoCommandListener
 *   listens on the application-wide CommandListener topic), whichever project it belongs to.
 * - UndoClientState.commandFinished + CommandMerger.shouldFlush/commandFinished: when a command finishes,
 *   the pending group is flushed to the undo stacks unless the two may merge: if either is transparent,
 *   they merge unless both changed documents and not the same ones; otherwise only when the finished
 *   command's groupId is non-null and equals the last groupId. A command without actions records no
 *   groupId. A finished non-transparent command with actions clears the redo stacks of its documents.
 * - UndoManagerImpl.undoableActionPerformed: actions are recorded only inside a command and never while
 *   an undo or redo runs (so a finish mark added during an undo is dropped).
 * - UndoClientState.undoOrRedo + UndoableGroup.isInsideStartFinishGroup: undo flushes the pending group,
 *   then undoes the document's newest group; a group with more finish than start marks makes it go on, a
 *   group with more start marks stops it; a transparent group with more to undo goes on too. Redo mirrors it.
 * - EditorChangeAction: undo puts the old text back at the recorded offset. The model checks that the
 *   text there is what the change inserted and throws otherwise, where the platform would silently
 *   corrupt the document (which is what an unrecorded change in between leads to).
 *
 * Not modelled: editor states (caret restoring), global (multi-document) groups and undo blocked by them,
 * undo confirmation, temporary transparent groups after an undo, the undo limit.
 */
class FakeUndo {
    private val managers = mutableListOf<Manager>()
    private var inCommand = false
    private var transparentDepth = 0

    fun project(name: String): Manager = Manager(name).also { managers += it }

    fun command(groupId: Any?, body: () -> Unit) {
        if (inCommand) return body()
        inCommand = true
        managers.forEach { it.started(transparent = transparentDepth > 0) }
        try {
            body()
        } finally {
            inCommand = false
            managers.forEach { it.finished(groupId) }
        }
    }

    /** CommandProcessor.runUndoTransparentAction outside any command: a transparent pseudo-command. */
    fun transparent(body: () -> Unit) {
        if (inCommand) return body()
        transparentDepth++
        command(null, body)
        transparentDepth--
    }

    /** What the adapter does for one Redline command: start mark and guard first, finish mark last. */
    fun redlineCommand(uri: String, cmd: UndoCommand, body: () -> Unit, guard: (UndoWindow, Boolean) -> Unit) {
        val doc = documents.getValue(uri)
        command(cmd.group) {
            cmd.opens?.let { window ->
                window.mark = doc.manager.startMark(doc, window.markEditor)
                doc.manager.record(Action(doc, Kind.OTHER, undo = { guard(window, true) }, redo = { guard(window, false) }))
            }
            body()
            cmd.closes?.let { window ->
                if (window.mark != null) command(null) { doc.manager.record(Action(doc, Kind.FINISH)); doc.manager.markFinished(window.markEditor) }
            }
        }
    }

    val documents = HashMap<String, Document>()

    fun document(uri: String, text: String, manager: Manager): Document = Document(text, manager).also { documents[uri] = it }

    enum class Kind { TEXT, START, FINISH, OTHER }

    class Action(val doc: Document, val kind: Kind, val undo: () -> Unit = {}, val redo: () -> Unit = {})

    class Group(val actions: List<Action>, val transparent: Boolean) {
        fun insideStartFinish(isUndo: Boolean, inside: Boolean): Boolean {
            val starts = actions.count { it.kind == Kind.START }
            val finishes = actions.count { it.kind == Kind.FINISH }
            if (starts == finishes) return inside
            return if (isUndo) finishes > starts else starts > finishes
        }
    }

    private class Merger(var transparent: Boolean) {
        val actions = mutableListOf<Action>()
        val docs = LinkedHashSet<Document>()
        var lastGroupId: Any? = null
        val hasActions get() = actions.isNotEmpty()
    }

    inner class Manager(val name: String) {
        private var merger = Merger(false)
        private var current: Merger? = null
        private var level = 0
        var undoing = false
            private set
        private val undoStacks = HashMap<Document, ArrayDeque<Group>>()
        private val redoStacks = HashMap<Document, ArrayDeque<Group>>()
        private val marked = HashSet<Any?>()

        internal fun started(transparent: Boolean) {
            if (level++ == 0) current = Merger(transparent)
        }

        internal fun finished(groupId: Any?) {
            if (--level > 0) return
            val next = current!!
            current = null
            if (!next.transparent && next.hasActions) next.docs.forEach { redoStacks[it]?.clear() }
            if (shouldFlush(groupId, next)) flush()
            merger.merge(next)
            if (next.transparent || !merger.hasActions) return
            merger.lastGroupId = groupId
        }

        private fun shouldFlush(groupId: Any?, next: Merger): Boolean {
            if (merger.transparent || next.transparent) return merger.hasActions && next.hasActions && merger.docs != next.docs
            return groupId == null || groupId != merger.lastGroupId
        }

        private fun Merger.merge(next: Merger) {
            if (transparent) { if (next.hasActions) transparent = next.transparent } else if (!hasActions) transparent = next.transparent
            actions += next.actions
            docs += next.docs
        }

        private fun flush() {
            if (merger.hasActions) {
                val group = Group(merger.actions.toList(), merger.transparent)
                merger.docs.forEach { undoStacks.getOrPut(it) { ArrayDeque() }.addLast(group) }
            }
            merger = Merger(false)
        }

        fun record(action: Action) {
            if (undoing) return
            val cmd = checkNotNull(current) { "Undoable actions allowed inside commands only" }
            cmd.actions += action
            cmd.docs += action.doc
        }

        /** StartMarkAction.start: one per editor; a second one in the same editor is refused (AlreadyStartedException). */
        fun startMark(doc: Document, editor: Any?): Any? {
            if (!marked.add(editor)) return null
            record(Action(doc, Kind.START))
            return Any()
        }

        fun markFinished(editor: Any?) {
            marked.remove(editor)
        }

        fun canUndo(doc: Document) = merger.docs.contains(doc) || undoStacks[doc].orEmpty().isNotEmpty()

        fun undo(doc: Document) = undoOrRedo(doc, isUndo = true)

        fun redo(doc: Document) = undoOrRedo(doc, isUndo = false)

        private fun undoOrRedo(doc: Document, isUndo: Boolean) {
            flush()
            val from = if (isUndo) undoStacks else redoStacks
            val to = if (isUndo) redoStacks else undoStacks
            command(null) {
                undoing = true
                try {
                    var inside = false
                    while (true) {
                        val group = from[doc]?.removeLastOrNull() ?: break
                        group.actions.flatMap { listOf(it.doc) }.toSet().filter { it !== doc }.forEach { from[it]?.remove(group) }
                        val actions = if (isUndo) group.actions.asReversed() else group.actions
                        actions.forEach { if (isUndo) it.undo() else it.redo() }
                        group.actions.map { it.doc }.toSet().forEach { to.getOrPut(it) { ArrayDeque() }.addLast(group) }
                        inside = group.insideStartFinish(isUndo, inside)
                        if (inside) continue
                        if (!(group.transparent && from[doc].orEmpty().isNotEmpty())) break
                    }
                } finally {
                    undoing = false
                }
            }
        }
    }

    /** A Document whose changes are recorded as EditorChangeActions of its project's undo manager. */
    inner class Document(initial: String, val manager: Manager) : TextBuffer {
        val buffer = StringTextBuffer(initial)

        override val length get() = buffer.length
        override val lineCount get() = buffer.lineCount
        override fun text() = buffer.text()
        override fun lineOf(offset: Int) = buffer.lineOf(offset)
        override fun lineStart(line: Int) = buffer.lineStart(line)

        override fun replace(start: Int, end: Int, text: String) {
            val old = buffer.text().substring(start, end)
            buffer.replace(start, end, text)
            if (manager.undoing) return
            manager.record(Action(this, Kind.TEXT, undo = { revert(start, text, old) }, redo = { revert(start, old, text) }))
        }

        /** A change with undo disabled: the kind that makes later undos replay at the wrong offsets. */
        fun replaceUnrecorded(start: Int, end: Int, text: String) = buffer.replace(start, end, text)

        private fun revert(offset: Int, expected: String, replacement: String) {
            val actual = buffer.text().let { it.substring(offset.coerceAtMost(it.length), (offset + expected.length).coerceAtMost(it.length)) }
            check(actual == expected) { "undo replays at a wrong offset: expected \"$expected\" at $offset, found \"$actual\"" }
            buffer.replace(offset, offset + expected.length, replacement)
        }
    }
}
