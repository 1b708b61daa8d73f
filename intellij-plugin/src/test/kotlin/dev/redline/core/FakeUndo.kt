package dev.redline.core

/**
 * The IntelliJ Platform's command processor and undo manager, as read in `JetBrains/intellij-community`
 * (`platform/platform-impl/src/com/intellij/openapi/command/impl/` unless said otherwise), small enough to
 * test against. Each rule names the class it was read in.
 *
 * Commands ([command])
 * - CoreCommandProcessor.executeCommand (2023): a command inside a command just runs and joins the outer
 *   one. Its overloads differ in two arguments: `executeCommand(project, runnable, name, groupId, document)`
 *   passes UndoConfirmationPolicy.DEFAULT and shouldRecordCommandForActiveDocument = true; only the overloads
 *   that take `shouldRecordCommandForActiveDocument` can turn the second off.
 * - UndoCommandListener (2025): every command's start and finish reaches every project's undo manager.
 * - UndoManagerImpl.onCommandStarted / commandStarted (2024), UndoClientState.commandStarted (2025): for a
 *   command of the manager's own project that records for the active document, the focused text editor's
 *   document is remembered (the "originator"). UndoManagerImpl.commandFinished / UndoClientState.commandFinished:
 *   a finished command with actions, not transparent, that changed files, gets a MentionOnlyUndoableAction of
 *   that document unless it changed it itself. The group then affects two documents.
 *
 * Merging (CommandMerger, 2025)
 * - shouldFlush: if either side is transparent they merge unless both have actions on different documents;
 *   a forced-global side flushes; otherwise they merge only when the finished command's groupId is non-null
 *   and equals the last one. commandFinished: a command without actions records no groupId.
 * - isGlobal: forced (a global action) or affecting more than one physical document.
 * - mergeUndoConfirmationPolicy: DEFAULT takes the next policy; DO_NOT_REQUEST_CONFIRMATION gives way only to
 *   REQUEST_CONFIRMATION.
 * - UndoClientState.commandFinished: a finished non-transparent command with actions clears the redo stacks
 *   of its documents (and the global one when it is global).
 *
 * Stacks (UndoRedoStacksHolder, 2026 header; the same rules in the 2013 version)
 * - A group goes on the stack of each document it affects, and on the global stack when it is global.
 * - The undo limit: a stack longer than `undo.documentUndoLimit` (the global one: `undo.globalUndoLimit`)
 *   drops its oldest group from every stack that holds it, with whatever lies under it there
 *   (clearStacksFrom). platform/util/resources/misc/registry.properties gives 100 and 10.
 * - collectClashingActions: for each document of the group (and the global stack for a global group), a
 *   newest group there that is not this one clashes.
 *
 * Undo (UndoClientState.undoOrRedo, 2025; UndoRedo.execute, 2022; UndoableGroup, 2023)
 * - Undo flushes the pending group, then undoes the document's newest group; it goes on while inside a
 *   start/finish pair (a group with more finish than start marks enters it, one with more start marks leaves
 *   it, an even one keeps the state) or while the group is transparent and more remains.
 * - Each step: a clashing group is reported ("Cannot Undo") and undo stops there; otherwise, unless inside a
 *   start/finish pair, a group that shouldAskConfirmation shows "Undo <name>?" first. shouldAskConfirmation:
 *   a global finish mark (on redo: a global start mark), or REQUEST_CONFIRMATION, or a global group whose
 *   policy is not DO_NOT_REQUEST_CONFIRMATION.
 * - isBlockedByOtherChanges: a global group with clashes; when the global stack's newest group is another
 *   one, the platform offers to undo that one instead (a dialog) and stops.
 * - composeStartFinishGroup: a new group holding a finish mark looks down its document's stack to the first
 *   group holding a start mark; a global group on the way makes the finish mark (and its start mark) global.
 * - UndoManagerImpl.undoableActionPerformed: actions reported while undo or redo runs are dropped; outside a
 *   command they are an error.
 *
 * Marks (StartMarkAction, 2020 header; FinishMarkAction, 2025)
 * - StartMarkAction.start(editor, …) keeps the mark in the editor's user data (START_MARK_ACTION_KEY) and
 *   throws AlreadyStartedException when the editor holds one; InplaceRefactoring.startRename catches it and
 *   does not start ("… is not finished yet").
 * - FinishMarkAction.finish(project, editor, start) runs its own command adding the finish mark on the
 *   editor's document and clears whatever mark that editor holds (markFinished(editor)).
 *
 * EditorChangeAction: undo puts the old text back at the recorded offset; the model checks that the text there
 * is what the change inserted and throws otherwise, where the platform would silently corrupt the document.
 *
 * Not modelled: editor states (UndoRedo.execute first puts the caret back when it moved; outside a start/finish
 * pair that takes a Ctrl+Z of its own), temporary transparent groups after an undo, the shared change-range stacks, non-undoable
 * actions, read-only files, and the `ide.undo.fallback` split of a blocked global group (taken as off).
 */
class FakeUndo {
    var documentUndoLimit = 100
    var globalUndoLimit = 10

    /** The focused text editor: what FocusBasedCurrentEditorProvider gives the undo manager. */
    var focused: Editor? = null

    /** The dialogs the platform would have shown (confirmations, the offer to undo a conflicting change). */
    val dialogs = mutableListOf<String>()

    /** The answer to every dialog: OK when true. */
    var confirm = true

    /** What UndoReportHandler would have shown ("Cannot Undo" and the clashing files). */
    val reports = mutableListOf<String>()

    /** Subscribers to CommandListener.TOPIC: told when an outermost command starts and finishes. */
    val commandListeners = mutableListOf<CommandListener>()

    interface CommandListener {
        fun commandStarted() {}
        fun commandFinished(groupId: Any?) {}
    }

    enum class Policy { DEFAULT, REQUEST_CONFIRMATION, DO_NOT_REQUEST_CONFIRMATION }

    private val managers = mutableListOf<Manager>()
    private var inCommand = false
    private var transparentDepth = 0

    fun project(name: String): Manager = Manager(name).also { managers += it }

    /**
     * CommandProcessor.executeCommand. [project] is the command's project (null for none); [recordActiveDocument]
     * is shouldRecordCommandForActiveDocument, true in every overload that does not take it.
     */
    fun command(
        project: Manager?,
        groupId: Any?,
        policy: Policy = Policy.DEFAULT,
        recordActiveDocument: Boolean = true,
        name: String = "",
        body: () -> Unit,
    ) {
        if (inCommand) return body()
        inCommand = true
        managers.forEach { it.started(project, policy, recordActiveDocument, transparent = transparentDepth > 0) }
        commandListeners.forEach { it.commandStarted() }
        try {
            body()
        } finally {
            inCommand = false
            managers.forEach { it.finished(groupId, name) }
            commandListeners.forEach { it.commandFinished(groupId) }
        }
    }

    /** CommandProcessor.runUndoTransparentAction outside any command: a transparent pseudo-command. */
    fun transparent(body: () -> Unit) {
        if (inCommand) return body()
        transparentDepth++
        try {
            command(null, null, body = body)
        } finally {
            transparentDepth--
        }
    }

    val documents = HashMap<String, Document>()

    fun document(uri: String, text: String, manager: Manager): Document = Document(uri, text, manager).also { documents[uri] = it }

    /** An editor showing [doc]; its [startMark] is the editor's START_MARK_ACTION_KEY user data. */
    inner class Editor(val doc: Document) {
        var startMark: Action? = null

        override fun toString() = "Editor(${doc.uri})"
    }

    class AlreadyStartedException(message: String) : Exception(message)

    /** StartMarkAction.start: one mark per editor, recorded in the current command. */
    fun startMark(editor: Editor, name: String): Action {
        editor.startMark?.let { throw AlreadyStartedException("Unable to start inplace refactoring:\n${it.name} is not finished yet.") }
        val mark = Action(listOf(editor.doc), Kind.START).also { it.name = name }
        editor.doc.manager.undoableActionPerformed(mark)
        editor.startMark = mark
        return mark
    }

    /** FinishMarkAction.finish: a command of its own (joining the running one), then markFinished(editor). */
    fun finishMark(editor: Editor, start: Action?) {
        start ?: return
        command(editor.doc.manager, null, name = "finish") {
            editor.doc.manager.undoableActionPerformed(Action(listOf(editor.doc), Kind.FINISH).also { it.start = start })
            editor.startMark = null
        }
    }

    /**
     * In-place rename as InplaceRefactoring runs it: the start mark in a command of its own (refused while the
     * editor holds a mark), the new name as one command, then the finish mark. Returns the refusal, or null.
     */
    fun renameInPlace(editor: Editor, offset: Int, oldLength: Int, newName: String): String? {
        var mark: Action? = null
        try {
            command(editor.doc.manager, null, name = "Rename") { mark = startMark(editor, "Rename") }
        } catch (e: AlreadyStartedException) {
            return e.message
        }
        command(editor.doc.manager, Any(), name = "Rename") { editor.doc.replace(offset, offset + oldLength, newName) }
        finishMark(editor, mark)
        return null
    }

    enum class Kind { TEXT, START, FINISH, MENTION, OTHER }

    /** An UndoableAction: the documents it affects; marks carry their name, global flag and (finish) start. */
    class Action(val docs: List<Document>, val kind: Kind, val undo: () -> Unit = {}, val redo: () -> Unit = {}) {
        var global = false
        var name: String? = null
        var start: Action? = null

        /** FinishMarkAction.setGlobal: the start mark follows. */
        fun markGlobal(commandName: String?) {
            global = true
            name = commandName
            start?.let { it.global = true; it.name = commandName }
        }
    }

    inner class Group(
        val actions: List<Action>,
        val transparent: Boolean,
        val global: Boolean,
        val policy: Policy,
        private val commandName: String?,
        stacks: Stacks,
    ) {
        init {
            composeStartFinishGroup(stacks)
        }

        val docs: Set<Document> get() = actions.flatMap { it.docs }.toSet()
        val startMark get() = actions.firstOrNull { it.kind == Kind.START }
        val finishMark get() = actions.firstOrNull { it.kind == Kind.FINISH }
        val name: String? get() = actions.firstNotNullOfOrNull { if (it.kind == Kind.START || it.kind == Kind.FINISH) it.name else null } ?: commandName

        fun insideStartFinish(isUndo: Boolean, inside: Boolean): Boolean {
            val starts = actions.count { it.kind == Kind.START }
            val finishes = actions.count { it.kind == Kind.FINISH }
            if (starts == finishes) return inside
            return if (isUndo) finishes > starts else starts > finishes
        }

        fun shouldAskConfirmation(redo: Boolean): Boolean {
            val mark = if (redo) startMark else finishMark
            if (mark != null && mark.global) return true
            return policy == Policy.REQUEST_CONFIRMATION || (policy != Policy.DO_NOT_REQUEST_CONFIRMATION && global)
        }

        private fun composeStartFinishGroup(stacks: Stacks) {
            val finish = finishMark ?: return
            for (group in stacks.stack(finish.docs.single()).asReversed()) {
                if (group.global) return finish.markGlobal(group.name)
                if (group.startMark != null) return
            }
        }

        override fun toString() = "Group(${actions.map { it.kind }}, global=$global)"
    }

    private class Merger(var transparent: Boolean) {
        val actions = mutableListOf<Action>()
        val docs = LinkedHashSet<Document>()
        var lastGroupId: Any? = null
        var forcedGlobal = false
        var policy = Policy.DEFAULT
        var name: String? = null
        val hasActions get() = actions.isNotEmpty()
        val global get() = forcedGlobal || docs.size > 1

        fun add(action: Action) {
            actions += action
            docs += action.docs
            forcedGlobal = forcedGlobal || action.global
        }

        fun mergePolicy(next: Policy) {
            if (policy == Policy.DEFAULT) policy = next
            else if (policy == Policy.DO_NOT_REQUEST_CONFIRMATION && next == Policy.REQUEST_CONFIRMATION) policy = next
        }

        fun merge(next: Merger) {
            if (transparent) { if (next.hasActions) transparent = next.transparent } else if (!hasActions) transparent = next.transparent
            forcedGlobal = forcedGlobal || next.forcedGlobal
            actions += next.actions
            docs += next.docs
            mergePolicy(next.policy)
        }
    }

    /** UndoRedoStacksHolder: a stack per document and the global one. */
    inner class Stacks {
        private val perDocument = HashMap<Document, ArrayDeque<Group>>()
        val global = ArrayDeque<Group>()

        fun stack(doc: Document): ArrayDeque<Group> = perDocument.getOrPut(doc) { ArrayDeque() }

        fun last(doc: Document): Group? = perDocument[doc]?.lastOrNull()

        fun clashing(group: Group): Set<Document> {
            val result = LinkedHashSet<Document>()
            for (doc in group.docs) stack(doc).lastOrNull()?.takeIf { it !== group }?.let { result += it.docs }
            if (group.global) global.lastOrNull()?.takeIf { it !== group }?.let { result += it.docs }
            return result
        }

        fun add(group: Group) {
            for (stack in affected(group)) {
                stack.addLast(group)
                val limit = if (stack === global) globalUndoLimit else documentUndoLimit
                while (stack.size > limit) clearFrom(stack.first())
            }
        }

        fun remove(group: Group) {
            for (stack in affected(group)) {
                check(stack.last() === group) { "not the newest group of its stack" }
                stack.removeLast()
            }
        }

        fun clear(docs: Collection<Document>, clearGlobal: Boolean) {
            val stacks = (if (clearGlobal) listOf(global) else emptyList()) + docs.map(::stack)
            for (stack in stacks) while (stack.isNotEmpty()) clearFrom(stack.last())
        }

        private fun clearFrom(from: Group) {
            for (stack in affected(from)) {
                val pos = stack.indexOf(from)
                if (pos == -1) continue
                if (pos > 0) clearFrom(stack[pos - 1])
                stack.removeFirst()
            }
        }

        private fun affected(group: Group) = (if (group.global) listOf(global) else emptyList()) + group.docs.map(::stack)
    }

    /** One project's UndoManagerImpl (with its client state). */
    inner class Manager(val name: String) {
        private var merger = Merger(false)
        private var current: Merger? = null
        private var level = 0
        private var originator: Document? = null
        var undoing = false
            private set
        val undoStacks = Stacks()
        val redoStacks = Stacks()

        internal fun started(project: Manager?, policy: Policy, recordActiveDocument: Boolean, transparent: Boolean) {
            if (level == 0) {
                current = Merger(transparent)
                if (recordActiveDocument && project === this) originator = focused?.doc?.takeIf { it.manager === this }
            }
            current!!.mergePolicy(policy)
            level++
        }

        internal fun finished(groupId: Any?, name: String) {
            if (level == 0 || --level > 0) return
            val next = current!!
            current = null
            originator?.let { doc ->
                if (next.hasActions && !next.transparent && next.actions.none { doc in it.docs }) next.add(Action(listOf(doc), Kind.MENTION))
            }
            originator = null
            if (!next.transparent && next.hasActions) redoStacks.clear(next.docs, next.global)
            if (shouldFlush(groupId, next)) flush()
            merger.merge(next)
            if (next.transparent || !merger.hasActions) return
            merger.lastGroupId = groupId
            if (merger.name == null) merger.name = name
        }

        private fun shouldFlush(groupId: Any?, next: Merger): Boolean {
            if (merger.transparent || next.transparent) return merger.hasActions && next.hasActions && merger.docs != next.docs
            if (merger.forcedGlobal || next.forcedGlobal) return true
            return groupId == null || groupId != merger.lastGroupId
        }

        private fun flush() {
            if (merger.hasActions) {
                undoStacks.add(Group(merger.actions.toList(), merger.transparent, merger.global, merger.policy, merger.name, undoStacks))
            }
            merger = Merger(false)
        }

        /** UndoManager.undoableActionPerformed. */
        fun undoableActionPerformed(action: Action) {
            if (undoing) return
            val cmd = checkNotNull(current) { "Undoable actions allowed inside commands only" }
            cmd.add(action)
        }

        fun canUndo(doc: Document) = doc in merger.docs || undoStacks.last(doc) != null

        fun canRedo(doc: Document) = redoStacks.last(doc) != null

        /** How many groups the document's undo stack holds once the pending one is flushed (within the limit). */
        fun undoGroups(doc: Document): Int = minOf(documentUndoLimit, undoStacks.stack(doc).size + if (doc in merger.docs) 1 else 0)

        fun undo(doc: Document) = undoOrRedo(doc, isUndo = true)

        fun redo(doc: Document) = undoOrRedo(doc, isUndo = false)

        private fun undoOrRedo(doc: Document, isUndo: Boolean) {
            val from = if (isUndo) undoStacks else redoStacks
            command(this, null, merger.policy) {
                undoing = true
                try {
                    flush()
                    var inside = false
                    while (true) {
                        val group = from.last(doc) ?: break
                        if (group.global && from.clashing(group).isNotEmpty()) {
                            val blocking = from.global.lastOrNull()
                            if (blocking != null && blocking !== group) {
                                dialogs += "${if (isUndo) "Undo" else "Redo"} the conflicting change ${blocking.name}?"
                                if (confirm) execute(blocking, isUndo, disableConfirmation = true)
                                break
                            }
                        }
                        if (!execute(group, isUndo, disableConfirmation = inside)) return@command
                        inside = group.insideStartFinish(isUndo, inside)
                        if (inside) continue
                        if (!(group.transparent && from.last(doc) != null)) break
                    }
                } finally {
                    undoing = false
                }
            }
        }

        private fun execute(group: Group, isUndo: Boolean, disableConfirmation: Boolean): Boolean {
            val from = if (isUndo) undoStacks else redoStacks
            val to = if (isUndo) redoStacks else undoStacks
            val clashing = from.clashing(group)
            if (clashing.isNotEmpty()) {
                reports += "Cannot ${if (isUndo) "Undo" else "Redo"}: ${clashing.joinToString { it.uri }} changed since"
                return false
            }
            if (!disableConfirmation && group.shouldAskConfirmation(redo = !isUndo)) {
                dialogs += "${if (isUndo) "Undo" else "Redo"} ${group.name}?"
                if (!confirm) return false
            }
            from.remove(group)
            to.add(group)
            val actions = if (isUndo) group.actions.asReversed() else group.actions
            actions.forEach { if (isUndo) it.undo() else it.redo() }
            return true
        }
    }

    /** A Document whose changes are recorded as EditorChangeActions of its project's undo manager. */
    inner class Document(val uri: String, initial: String, val manager: Manager) : TextBuffer {
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
            manager.undoableActionPerformed(Action(listOf(this), Kind.TEXT, undo = { revert(start, text, old) }, redo = { revert(start, old, text) }))
        }

        /** A change with undo disabled: the kind that makes later undos replay at the wrong offsets. */
        fun replaceUnrecorded(start: Int, end: Int, text: String) = buffer.replace(start, end, text)

        private fun revert(offset: Int, expected: String, replacement: String) {
            val actual = buffer.text().let { it.substring(offset.coerceAtMost(it.length), (offset + expected.length).coerceAtMost(it.length)) }
            check(actual == expected) { "undo replays at a wrong offset: expected \"$expected\" at $offset, found \"$actual\"" }
            buffer.replace(offset, offset + expected.length, replacement)
        }

        override fun toString() = "Document($uri)"
    }
}
