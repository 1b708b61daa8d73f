package dev.redline.core

/**
 * The IntelliJ Platform's command processor and undo manager, as read in `JetBrains/intellij-community`
 * (`platform/platform-impl/src/com/intellij/openapi/command/impl/` unless said otherwise), small enough to
 * test against. Each rule names the class it was read in.
 *
 * Commands ([command], [modal], [transparent])
 * - CoreCommandProcessor.executeCommand (2023): a command for a disposed project logs an error ("Project …
 *   already disposed") and does not run; a command inside a command just runs and joins the outer one. Its
 *   overloads differ in two arguments: `executeCommand(project, runnable, name, groupId, document)` passes
 *   UndoConfirmationPolicy.DEFAULT and shouldRecordCommandForActiveDocument = true; only the overloads that
 *   take `shouldRecordCommandForActiveDocument` can turn the second off. EditorAction.actionPerformed passes
 *   the editor's document, so an editor action's CommandEvent names it ([command]'s `document`).
 * - CoreCommandProcessor.enterModal / leaveModal (2023): a modal dialog shown inside a command fires the
 *   command's commandFinished (with its groupId) when it opens and commandStarted when it closes ([modal]).
 * - CoreCommandProcessor.runUndoTransparentAction (2023): fires undoTransparentActionStarted/Finished and no
 *   command event; UndoCommandListener (2025) then starts a transparent pseudo-command of the listener's own
 *   project in its undo manager, unless a command runs ([transparent]).
 * - UndoCommandListener (2025): every command's start and finish reaches every project's undo manager.
 * - UndoManagerImpl.onCommandStarted / commandStarted (2024), UndoClientState.commandStarted (2025): for a
 *   command of the manager's own project that records for the active document, the focused text editor's
 *   document is remembered (the "originator"). UndoManagerImpl.commandFinished / UndoClientState.commandFinished:
 *   a finished command with actions, not transparent, that changed files, gets a MentionOnlyUndoableAction of
 *   that document unless it changed it itself. The group then affects two documents.
 * - CommandBuilder (2025) isActive: the manager records only in a command of its own project.
 *   DocumentUndoProvider.documentChanged (2015; the same test in later versions): a change made while its
 *   project's manager is not active is recorded as a NonUndoableAction; UndoRedo.execute then reports the
 *   group ("Cannot Undo") and stops.
 * - CommandBuilder.commandStarted / commandFinished (2025): each command records the state of the focused
 *   editor (EditorAndState.getStateFor: caret and selection, UNDO level) before and after it.
 * - CommandBuilder.markAsGlobal (UndoManagerImpl.markCurrentCommandAsGlobal), addUndoableAction (an action
 *   whose isGlobal is true, e.g. FileUndoProvider's GlobalUndoableAction for a file renamed, moved, created or
 *   deleted in a command), addAffectedDocuments / addAffectedFiles: see [markCurrentCommandAsGlobal],
 *   [fileChanged], [addAffectedDocuments].
 *
 * Merging (CommandMerger, 2025)
 * - shouldFlush: if either side is transparent they merge unless both have actions on different documents;
 *   a forced-global side flushes; otherwise they merge only when the finished command's groupId is non-null
 *   and equals the last one. mergeWithPerformedCommand: a command without actions records no groupId.
 * - mergeState: the group keeps the editor state before its first command with actions and the state after
 *   its last command (setEditorStateBefore / setEditorStateAfter).
 * - isGlobal: forced, or the actions' documents are more than one physical file (the additional affected
 *   documents are not counted); createUndoableGroup adds an empty action on the additional affected
 *   documents, so the group goes on their stacks too.
 * - mergeUndoConfirmationPolicy: DEFAULT takes the next policy; DO_NOT_REQUEST_CONFIRMATION gives way only to
 *   REQUEST_CONFIRMATION.
 * - UndoClientState.commitCommand: a finished non-transparent command with actions clears the redo stacks
 *   of its documents (and the global one when it is global).
 *
 * Stacks (UndoRedoStacksHolder, 2026 header; the same rules in the 2013 version)
 * - A group goes on the stack of each document it affects, and on the global stack when it is global.
 * - The undo limit (addToStacks / doAddToStack): a stack longer than `undo.documentUndoLimit` (the global
 *   one: `undo.globalUndoLimit`), whatever groups it holds, drops its oldest group from every stack that
 *   holds it, with whatever lies under it there (clearStacksFrom). UndoManagerImpl.getDocumentUndoLimit reads
 *   the registry; platform/util/resources/misc/registry.properties sets `undo.documentUndoLimit=100` and
 *   `undo.globalUndoLimit=10`.
 * - collectClashingActions: for each document of the group (and the global stack for a global group), a
 *   newest group there that is not this one clashes.
 *
 * Undo and redo (UndoClientState.undoOrRedo, 2025; UndoRedo.execute, 2025; Undo and Redo, 2023/2025; UndoableGroup, 2025)
 * - Undo flushes the pending group, then undoes the document's newest group; the loop goes on while inside a
 *   start/finish pair (isInsideStartFinishGroup: a group with more finish than start marks enters it on undo,
 *   one with more start marks on redo; the other kind leaves it; an even one keeps the state) or while the
 *   group is transparent and more remains. Redo is the same loop over the redo stacks.
 * - UndoRedo.execute: a group with a NonUndoableAction is reported and stops; a clashing group is reported
 *   ("Cannot Undo") and stops; otherwise, unless inside a start/finish pair (disableConfirmation), a group
 *   that shouldAskConfirmation shows "Undo <name>?" first. When it does not ask and the editor's state
 *   differs from the group's (Undo.getBeforeState is the group's state after; Redo's, its state before),
 *   execute only restores that caret and selection and returns true without undoing anything (unless
 *   `ide.undo.transparent.caret.movement` or the advanced setting `editor.undo.transparent.caret.movement`
 *   is on: [caretMovementUndoTransparent]); the loop then asks isInsideStartFinishGroup of that group as if
 *   it had been undone, so at a start mark (undo) or a finish mark (redo) it breaks with that group still
 *   on the stack. After undoing, the editor gets the group's state before (redo: after).
 *   EditorAndState.canBeAppliedTo: only a state of the same file applies.
 * - shouldAskConfirmation: a global finish mark (on redo: a global start mark), or REQUEST_CONFIRMATION, or
 *   a global group whose policy is not DO_NOT_REQUEST_CONFIRMATION.
 * - isBlockedByOtherChanges: a global group with clashes; when the global stack's newest group is another
 *   one, the platform offers to undo that one instead (a dialog) and stops.
 * - composeStartFinishGroup: a new group holding a finish mark looks down its document's stack to the first
 *   group holding a start mark; a global group on the way makes the finish mark (and its start mark) global.
 * - UndoClientState.addUndoableAction: actions reported while undo or redo runs are dropped; outside a
 *   command they are an error.
 *
 * Marks (StartMarkAction, 2020 header and an undated version with the deprecated project form; FinishMarkAction, 2025)
 * - StartMarkAction.start(editor, …) keeps the mark in the editor's user data (START_MARK_ACTION_KEY), with
 *   its document, and throws AlreadyStartedException (carrying the held mark's document) when the editor
 *   holds one.
 * - FinishMarkAction.finish(project, editor, start) runs its own command adding the finish mark on the
 *   editor's document, then StartMarkAction.markFinished(editor): whatever mark that editor holds is removed
 *   from it and its document set to null.
 * - In-place rename ([rename]): VariableInplaceRenameHandler.doRename → performInplaceRename →
 *   InplaceRefactoring.buildTemplateAndStart (2024). A start refused with the editor's own document reverts
 *   and answers false, and doRename falls back to the Rename dialog (performDialogRename). Refused with
 *   another document (a finished mark's is null) it shows a Navigate/Abandon/Cancel dialog and calls
 *   navigateToAlreadyStarted, whose PsiDocumentManager.getPsiFile(null) fails.
 *
 * EditorChangeAction: undo puts the old text back at the recorded offset; the model checks that the text there
 * is what the change inserted and throws otherwise, where the platform would silently corrupt the document.
 *
 * Not modelled: the temporary-group and transparent-group loops that run before the main undo loop, the shared
 * change-range stacks (UndoRedo's shouldMove is taken as false), read-only files, the `ide.undo.fallback` split
 * of a blocked global group (taken as off), and other projects' DocumentUndoProviders recording a change of a
 * document that is not theirs.
 */
class FakeUndo {
    var documentUndoLimit = 100
    var globalUndoLimit = 10

    /** `ide.undo.transparent.caret.movement` (registry) or `editor.undo.transparent.caret.movement` (advanced setting); both off by default. */
    var caretMovementUndoTransparent = false

    /** The focused text editor: what FocusBasedCurrentEditorProvider gives the undo manager. */
    var focused: Editor? = null

    /** The dialogs the platform would have shown (confirmations, the offer to undo a conflicting change, a refused in-place rename). */
    val dialogs = mutableListOf<String>()

    /** The answer to every dialog: OK when true. */
    var confirm = true

    /** What UndoReportHandler would have shown ("Cannot Undo" and the clashing files). */
    val reports = mutableListOf<String>()

    /** What the platform would log as an IDE error (LOG.error, an exception from its own code). */
    val errors = mutableListOf<String>()

    /** Subscribers to CommandListener.TOPIC. */
    val commandListeners = mutableListOf<CommandListener>()

    interface CommandListener {
        /** [document]: CommandEvent.getDocument, the editor's document for an editor action. */
        fun commandStarted(document: Document?) {}
        fun commandFinished(groupId: Any?) {}
        fun undoTransparentActionStarted() {}
        fun undoTransparentActionFinished() {}
    }

    enum class Policy { DEFAULT, REQUEST_CONFIRMATION, DO_NOT_REQUEST_CONFIRMATION }

    private class Running(val project: Manager?, val groupId: Any?, val policy: Policy, val record: Boolean, val name: String, val document: Document?)

    private val managers = mutableListOf<Manager>()
    private var running: Running? = null
    private var transparentDepth = 0

    fun project(name: String): Manager = Manager(name).also { managers += it }

    /**
     * CommandProcessor.executeCommand. [project] is the command's project (null for none); [recordActiveDocument]
     * is shouldRecordCommandForActiveDocument, true in every overload that does not take it; [document] is the
     * one the command event names (EditorAction's editor document).
     */
    fun command(
        project: Manager?,
        groupId: Any?,
        policy: Policy = Policy.DEFAULT,
        recordActiveDocument: Boolean = true,
        name: String = "",
        document: Document? = null,
        body: () -> Unit,
    ) {
        if (project != null && project.disposed) {
            errors += "Failed to start a command: project ${project.name} already disposed"
            return
        }
        if (running != null) return body()
        val command = Running(project, groupId, policy, recordActiveDocument, name, document)
        started(command)
        try {
            body()
        } finally {
            finished(command)
        }
    }

    private fun started(command: Running) {
        running = command
        managers.forEach { it.started(command.project, command.policy, command.record, transparent = false) }
        commandListeners.forEach { it.commandStarted(command.document) }
    }

    private fun finished(command: Running) {
        running = null
        managers.forEach { it.finished(command.groupId, command.name) }
        commandListeners.forEach { it.commandFinished(command.groupId) }
    }

    /** A modal dialog opened while a command runs (CoreCommandProcessor.enterModal, then leaveModal once it closes). */
    fun modal(dialog: () -> Unit = {}) {
        val command = running ?: return dialog()
        finished(command)
        try {
            dialog()
        } finally {
            started(command)
        }
    }

    /** CommandProcessor.runUndoTransparentAction. */
    fun transparent(body: () -> Unit) {
        val outermost = transparentDepth++ == 0
        val pseudo = outermost && running == null
        if (outermost) commandListeners.forEach { it.undoTransparentActionStarted() }
        if (pseudo) managers.forEach { it.started(it, Policy.DEFAULT, recordActiveDocument = true, transparent = true) }
        try {
            body()
        } finally {
            transparentDepth--
            if (pseudo) managers.forEach { it.finished(null, "") }
            if (outermost) commandListeners.forEach { it.undoTransparentActionFinished() }
        }
    }

    /** UndoManagerImpl.markCurrentCommandAsGlobal (CommandProcessor.markCurrentCommandAsGlobal), inside a command. */
    fun markCurrentCommandAsGlobal(project: Manager) = project.markGlobal()

    /** CommandProcessor.addAffectedDocuments, inside a command. */
    fun addAffectedDocuments(project: Manager, vararg docs: Document) = project.addAffected(docs.toList())

    /**
     * A file renamed, moved, created or deleted in a command of [project] (FileUndoProvider.after, inside the
     * write action): a GlobalUndoableAction on the file's document.
     */
    fun fileChanged(project: Manager, doc: Document) =
        project.undoableActionPerformed(Action(listOf(doc), Kind.OTHER).also { it.global = true })

    val documents = HashMap<String, Document>()
    private val editors = mutableListOf<Editor>()

    fun document(uri: String, text: String, manager: Manager): Document = Document(uri, text, manager).also { documents[uri] = it }

    /** The part of FileEditorState that the UNDO level keeps for a text editor: caret and selection, with the file. */
    data class EditorState(val doc: Document, val caret: Int, val selection: IntRange?)

    /**
     * An editor showing [doc], in [project] (the editor's own; null for an editor outside any project). Its
     * [startMark] is the editor's START_MARK_ACTION_KEY user data.
     */
    inner class Editor(val doc: Document, val project: Manager? = doc.manager) {
        var startMark: Action? = null
        var caret = 0
        var selection: IntRange? = null

        init {
            editors += this
        }

        fun state() = EditorState(doc, caret, selection)

        /** A click: the caret moves, no command runs. */
        fun moveCaret(offset: Int) {
            caret = offset
            selection = null
        }

        internal fun restore(state: EditorState) {
            caret = state.caret
            selection = state.selection
        }

        /** The caret is a range marker: it moves with changes before it; one inside a removed range goes to its start. */
        internal fun moved(start: Int, end: Int, newLength: Int) {
            caret = shift(caret, start, end, newLength)
            selection = selection?.let { shift(it.first, start, end, newLength)..shift(it.last, start, end, newLength) }
        }

        private fun shift(offset: Int, start: Int, end: Int, newLength: Int) = when {
            offset >= end && offset > start -> offset + newLength - (end - start)
            offset > start -> start
            else -> offset
        }

        override fun toString() = "Editor(${doc.uri})"
    }

    class AlreadyStartedException(message: String, val document: Document?) : Exception(message)

    /** StartMarkAction.start: one mark per editor, recorded in the current command, holding its document. */
    fun startMark(editor: Editor, name: String): Action {
        editor.startMark?.let { throw AlreadyStartedException("Unable to start inplace refactoring:\n${it.name} is not finished yet.", it.markDocument) }
        val mark = Action(listOf(editor.doc), Kind.START).also { it.name = name; it.markDocument = editor.doc }
        editor.doc.manager.undoableActionPerformed(mark)
        editor.startMark = mark
        return mark
    }

    /** FinishMarkAction.finish: a command of its own (joining the running one), then markFinished(editor). */
    fun finishMark(editor: Editor, start: Action?) {
        start ?: return
        command(editor.project, null, name = "finish") {
            editor.doc.manager.undoableActionPerformed(Action(listOf(editor.doc), Kind.FINISH).also { it.start = start })
            editor.startMark?.let { held ->
                editor.startMark = null
                held.markDocument = null
            }
        }
    }

    enum class Rename { IN_PLACE, DIALOG, FAILED }

    /**
     * Shift+F6 as VariableInplaceRenameHandler.doRename runs it: the in-place rename (the start mark in a
     * command of its own, the new name as one command, then the finish mark); a start refused in the editor's
     * own document falls back to the Rename dialog ([dialogRename], renaming the file too when [renamesFile]);
     * one refused with another document (or none) shows InplaceRefactoring's dialog and fails.
     */
    fun rename(editor: Editor, offset: Int, oldLength: Int, newName: String, renamesFile: Boolean = false): Rename {
        var mark: Action? = null
        try {
            command(editor.project, null, name = "Rename") { mark = startMark(editor, "Rename") }
        } catch (e: AlreadyStartedException) {
            if (e.document !== editor.doc) {
                dialogs += "${e.message} [Navigate to Started] [Abandon Started] [Cancel Current]"
                errors += "PsiDocumentManager.getPsiFile(null) in InplaceRefactoring.navigateToStarted"
                return Rename.FAILED
            }
            dialogRename(editor, offset, oldLength, newName, renamesFile)
            return Rename.DIALOG
        }
        command(editor.project, Any(), name = "Rename") { editor.doc.replace(offset, offset + oldLength, newName) }
        finishMark(editor, mark)
        return Rename.IN_PLACE
    }

    /**
     * The Rename dialog's refactoring (RenameProcessor, a BaseRefactoringProcessor: one command, no groupId, no
     * document). A class renamed with its file gets FileUndoProvider's global action; [markGlobal]: the
     * processor marks the command global (BaseRefactoringProcessor.isGlobalUndoAction).
     */
    fun dialogRename(editor: Editor, offset: Int, oldLength: Int, newName: String, renamesFile: Boolean = false, markGlobal: Boolean = false) {
        val project = editor.project ?: editor.doc.manager
        command(project, null, name = "Rename") {
            editor.doc.replace(offset, offset + oldLength, newName)
            if (renamesFile) fileChanged(project, editor.doc)
            if (markGlobal) markCurrentCommandAsGlobal(project)
        }
    }

    enum class Kind { TEXT, START, FINISH, MENTION, NON_UNDOABLE, OTHER }

    /** An UndoableAction: the documents it affects; marks carry their name, global flag, (finish) start and (start) document. */
    class Action(val docs: List<Document>, val kind: Kind, val undo: () -> Unit = {}, val redo: () -> Unit = {}) {
        var global = false
        var name: String? = null
        var start: Action? = null

        /** StartMarkAction.myDocument: set by start, nulled by markFinished. */
        var markDocument: Document? = null

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
        var stateBefore: EditorState?,
        var stateAfter: EditorState?,
        stacks: Stacks,
    ) {
        init {
            composeStartFinishGroup(stacks)
        }

        val docs: Set<Document> get() = actions.flatMap { it.docs }.toSet()
        val startMark get() = actions.firstOrNull { it.kind == Kind.START }
        val finishMark get() = actions.firstOrNull { it.kind == Kind.FINISH }
        val undoable get() = actions.none { it.kind == Kind.NON_UNDOABLE }
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
        val additional = LinkedHashSet<Document>()
        var lastGroupId: Any? = null
        var forcedGlobal = false
        var policy = Policy.DEFAULT
        var name: String? = null
        var stateBefore: EditorState? = null
        var stateAfter: EditorState? = null
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
            if (stateBefore == null || !hasActions) stateBefore = next.stateBefore
            stateAfter = next.stateAfter
            if (transparent) { if (next.hasActions) transparent = next.transparent } else if (!hasActions) transparent = next.transparent
            forcedGlobal = forcedGlobal || next.forcedGlobal
            actions += next.actions
            docs += next.docs
            additional += next.additional
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
        private var commandProject: Manager? = null
        private var pseudoTransparent = false
        var undoing = false
            private set
        var disposed = false
            private set
        val undoStacks = Stacks()
        val redoStacks = Stacks()

        /** CommandBuilder.isActive: inside a command of this project (a transparent action's pseudo-command is the listener's own). */
        val active get() = level > 0 && (pseudoTransparent || commandProject === this)

        /** The project closes: its undo manager goes with it, and commands for it no longer run. */
        fun dispose() {
            disposed = true
        }

        internal fun started(project: Manager?, policy: Policy, recordActiveDocument: Boolean, transparent: Boolean) {
            if (level == 0) {
                current = Merger(transparent).also { it.stateBefore = focused?.state() }
                commandProject = project
                pseudoTransparent = transparent
                if (recordActiveDocument && project === this) originator = focused?.doc?.takeIf { it.manager === this }
            }
            current!!.mergePolicy(policy)
            level++
        }

        internal fun finished(groupId: Any?, name: String) {
            if (level == 0 || --level > 0) return
            val next = current!!
            current = null
            commandProject = null
            pseudoTransparent = false
            next.stateAfter = focused?.state()
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
                val actions = merger.actions.toMutableList()
                if (merger.additional.isNotEmpty()) actions += Action(merger.additional.toList(), Kind.MENTION)
                undoStacks.add(Group(actions, merger.transparent, merger.global, merger.policy, merger.name, merger.stateBefore, merger.stateAfter, undoStacks))
            }
            merger = Merger(false)
        }

        internal fun markGlobal() {
            checkNotNull(current) { "Must be called inside a command" }.forcedGlobal = true
        }

        internal fun addAffected(docs: List<Document>) {
            checkNotNull(current) { "Must be called inside a command" }.additional += docs
        }

        /** UndoManager.undoableActionPerformed. */
        fun undoableActionPerformed(action: Action) {
            if (undoing || disposed) return
            val cmd = checkNotNull(current) { "Undoable actions allowed inside commands only" }
            cmd.add(action)
        }

        fun canUndo(doc: Document) = doc in merger.docs || undoStacks.last(doc) != null

        fun canRedo(doc: Document) = redoStacks.last(doc) != null

        /** How many groups the document's undo stack holds once the pending one is flushed (within the limit). */
        fun undoGroups(doc: Document): Int = minOf(documentUndoLimit, undoStacks.stack(doc).size + if (doc in merger.docs) 1 else 0)

        /** Ctrl+Z in [editor] (which has the focus): the editor's document, its caret and selection restored as the platform does. */
        fun undo(editor: Editor) = undoOrRedo(editor.doc, editor, isUndo = true)

        fun redo(editor: Editor) = undoOrRedo(editor.doc, editor, isUndo = false)

        /** Undo of [doc] with no editor: no caret or selection to restore. */
        fun undo(doc: Document) = undoOrRedo(doc, null, isUndo = true)

        fun redo(doc: Document) = undoOrRedo(doc, null, isUndo = false)

        private fun undoOrRedo(doc: Document, editor: Editor?, isUndo: Boolean) {
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
                                if (confirm) execute(blocking, isUndo, disableConfirmation = true, editor = null)
                                break
                            }
                        }
                        if (!execute(group, isUndo, disableConfirmation = inside, editor = editor)) return@command
                        inside = group.insideStartFinish(isUndo, inside)
                        if (inside) continue
                        if (!(group.transparent && from.last(doc) != null)) break
                    }
                } finally {
                    undoing = false
                }
            }
        }

        private fun execute(group: Group, isUndo: Boolean, disableConfirmation: Boolean, editor: Editor?): Boolean {
            val verb = if (isUndo) "Undo" else "Redo"
            val from = if (isUndo) undoStacks else redoStacks
            val to = if (isUndo) redoStacks else undoStacks
            if (!group.undoable) {
                reports += "Cannot $verb: ${group.docs.joinToString { it.uri }} contain changes that cannot be undone"
                return false
            }
            val clashing = from.clashing(group)
            if (clashing.isNotEmpty()) {
                reports += "Cannot $verb: ${clashing.joinToString { it.uri }} changed since"
                return false
            }
            if (!disableConfirmation && group.shouldAskConfirmation(redo = !isUndo)) {
                dialogs += "$verb ${group.name}?"
                if (!confirm) return false
            } else if (editor != null && restore(editor, if (isUndo) group.stateAfter else group.stateBefore, onlyIfDiffers = true)) {
                if (isUndo) group.stateAfter = editor.state() else group.stateBefore = editor.state()
                if (!caretMovementUndoTransparent) return true
            }
            from.remove(group)
            to.add(group)
            val actions = if (isUndo) group.actions.asReversed() else group.actions
            actions.forEach { if (isUndo) it.undo() else it.redo() }
            if (editor != null) restore(editor, if (isUndo) group.stateBefore else group.stateAfter, onlyIfDiffers = false)
            return true
        }

        /** UndoRedo.restore: only a state of the editor's own file applies. */
        private fun restore(editor: Editor, state: EditorState?, onlyIfDiffers: Boolean): Boolean {
            if (state == null || state.doc !== editor.doc) return false
            if (onlyIfDiffers && editor.state() == state) return false
            editor.restore(state)
            return true
        }

        override fun toString() = "Manager($name)"
    }

    /**
     * A Document whose changes are recorded as EditorChangeActions of its project's undo manager while that
     * manager is active, and as NonUndoableActions otherwise (DocumentUndoProvider.documentChanged).
     */
    inner class Document(val uri: String, initial: String, val manager: Manager) : TextBuffer {
        val buffer = StringTextBuffer(initial)

        override val length get() = buffer.length
        override val lineCount get() = buffer.lineCount
        override fun text() = buffer.text()
        override fun lineOf(offset: Int) = buffer.lineOf(offset)
        override fun lineStart(line: Int) = buffer.lineStart(line)

        override fun replace(start: Int, end: Int, text: String) {
            val old = buffer.text().substring(start, end)
            change(start, end, text)
            if (manager.undoing) return
            if (!manager.active) return manager.undoableActionPerformed(Action(listOf(this), Kind.NON_UNDOABLE))
            manager.undoableActionPerformed(Action(listOf(this), Kind.TEXT, undo = { revert(start, text, old) }, redo = { revert(start, old, text) }))
        }

        /** A change with undo disabled: the kind that makes later undos replay at the wrong offsets. */
        fun replaceUnrecorded(start: Int, end: Int, text: String) = change(start, end, text)

        private fun change(start: Int, end: Int, text: String) {
            buffer.replace(start, end, text)
            editors.filter { it.doc === this }.forEach { it.moved(start, end, text.length) }
        }

        private fun revert(offset: Int, expected: String, replacement: String) {
            val actual = buffer.text().let { it.substring(offset.coerceAtMost(it.length), (offset + expected.length).coerceAtMost(it.length)) }
            check(actual == expected) { "undo replays at a wrong offset: expected \"$expected\" at $offset, found \"$actual\"" }
            change(offset, offset + expected.length, replacement)
        }

        override fun toString() = "Document($uri)"
    }
}
