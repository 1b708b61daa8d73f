package dev.redline.ide

import com.intellij.ide.actions.ShowLogAction
import com.intellij.ide.plugins.cl.PluginAwareClassLoader
import com.intellij.notification.Notification
import com.intellij.notification.NotificationAction
import com.intellij.notification.NotificationGroupManager
import com.intellij.notification.NotificationType
import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.application.ModalityState
import com.intellij.openapi.command.CommandEvent
import com.intellij.openapi.command.CommandListener
import com.intellij.openapi.command.CommandProcessor
import com.intellij.openapi.command.UndoConfirmationPolicy
import com.intellij.ide.AppLifecycleListener
import com.intellij.openapi.command.impl.FinishMarkAction
import com.intellij.openapi.command.impl.StartMarkAction
import com.intellij.openapi.command.undo.BasicUndoableAction
import com.intellij.openapi.command.undo.UndoManager
import com.intellij.openapi.components.Service
import com.intellij.openapi.components.service
import com.intellij.openapi.components.serviceIfCreated
import com.intellij.openapi.diagnostic.logger
import com.intellij.openapi.editor.Document
import com.intellij.openapi.editor.Editor
import com.intellij.openapi.editor.EditorFactory
import com.intellij.openapi.editor.event.DocumentEvent
import com.intellij.openapi.editor.event.DocumentListener
import com.intellij.openapi.editor.event.EditorFactoryEvent
import com.intellij.openapi.editor.event.EditorFactoryListener
import com.intellij.openapi.fileEditor.FileDocumentManager
import com.intellij.openapi.fileTypes.LanguageFileType
import com.intellij.openapi.project.Project
import com.intellij.openapi.project.ProjectCloseListener
import com.intellij.openapi.project.ProjectManager
import com.intellij.openapi.roots.ProjectRootManager
import com.intellij.openapi.util.Computable
import com.intellij.openapi.util.Disposer
import com.intellij.openapi.util.registry.Registry
import com.intellij.util.concurrency.AppExecutorUtil
import com.intellij.openapi.vfs.newvfs.BulkFileListener
import com.intellij.openapi.vfs.newvfs.events.VFileContentChangeEvent
import com.intellij.openapi.vfs.newvfs.events.VFileCopyEvent
import com.intellij.openapi.vfs.newvfs.events.VFileCreateEvent
import com.intellij.openapi.vfs.newvfs.events.VFileDeleteEvent
import com.intellij.openapi.vfs.newvfs.events.VFileEvent
import com.intellij.openapi.vfs.newvfs.events.VFileMoveEvent
import com.intellij.openapi.vfs.newvfs.events.VFilePropertyChangeEvent
import dev.redline.core.CompletionSettings
import dev.redline.core.DiagnosticSeverity
import dev.redline.core.EditorHost
import dev.redline.core.EditorView
import dev.redline.core.FileUris
import dev.redline.core.LanguageIds
import dev.redline.core.MarkPlatform
import dev.redline.core.MarkPainter
import dev.redline.core.OsSidecarProcess
import dev.redline.core.Range
import dev.redline.core.RedlineCore
import dev.redline.core.Position
import dev.redline.core.ProposalWarnings
import dev.redline.core.SessionState
import dev.redline.core.ShownWarning
import dev.redline.core.StatusAction
import dev.redline.core.SidecarInstaller
import dev.redline.core.SidecarProcess
import dev.redline.core.TextBuffer
import dev.redline.core.UndoCommand
import dev.redline.core.WorkspaceFolder
import dev.redline.core.offsetOf
import dev.redline.core.positionOf
import dev.redline.core.FileSystemChange
import java.io.File

/**
 * The IDE's one Redline: the core, fed by document and editor events, painting through [EditorMarks].
 * Every listener hangs off this service's Disposable (or an editor's, which is a child of it), so
 * unloading the plugin disposes the service and leaves nothing attached.
 */
@Service(Service.Level.APP)
class RedlineService : Disposable, EditorHost {
    private val log = logger<RedlineService>()

    /** Per editor: disposed when the editor is released, or with the service. */
    private val editorDisposables = HashMap<Editor, Disposable>()

    // Through the plugin's own class loader: 2026 sources mark PluginManagerCore.getPlugin @ApiStatus.Internal.
    private val descriptor = (RedlineService::class.java.classLoader as? PluginAwareClassLoader)?.pluginDescriptor

    val core = RedlineCore(
        spawn = ::spawnSidecar,
        host = this,
        scheduler = AppExecutorUtil.getAppScheduledExecutorService(),
        log = { log.info(it) },
        settings = { RedlineSettings.getInstance().patch() },
        clientVersion = descriptor?.version ?: "dev",
        network = { RedlineSettings.getInstance().network() },
        nextEditEnabled = { RedlineSettings.getInstance().getState().nextEditEnabled },
        nextEditPlatform = IdeNextEditPlatform(),
        copyTools = PsiCopyTools(),
    )

    init {
        core.completionSettings = CompletionSettings.of(RedlineSettings.getInstance().getState())
        val factory = EditorFactory.getInstance()
        factory.addEditorFactoryListener(object : EditorFactoryListener {
            override fun editorCreated(event: EditorFactoryEvent) {
                opened(event.editor)
                // An editor of a project opened after the sidecar started: the sidecar learns its folders before any request from it.
                core.workspaceFoldersChanged()
            }
            override fun editorReleased(event: EditorFactoryEvent) = released(event.editor)
        }, this)
        factory.eventMulticaster.addDocumentListener(object : DocumentListener {
            override fun documentChanged(event: DocumentEvent) {
                val uri = uriOf(event.document) ?: return
                val project = EditorFactory.getInstance().getEditors(event.document).firstNotNullOfOrNull { it.project }
                val undoOrRedo = project != null && UndoManager.getInstance(project).isUndoOrRedoInProgress
                core.documentChanged(uri, DocumentBuffer(event.document).positionOf(event.offset), event.oldFragment, event.newFragment.toString(), undoOrRedo) {
                    event.document.immutableCharSequence
                }
            }
        }, this)
        // The service may be created on any thread: the editors that already exist are read under a read
        // action, after the listeners are in place, so no edit falls between a document's text and its version.
        ApplicationManager.getApplication().runReadAction { factory.allEditors.forEach(::opened) }
    }

    private fun opened(editor: Editor) {
        val document = editor.document
        val file = FileDocumentManager.getInstance().getFile(document) ?: return
        val language = (file.fileType as? LanguageFileType)?.language?.id
        core.editorOpened(IdeEditorView(editor, FileUris.uriOfIdeUrl(file.url)), LanguageIds.lspLanguageId(language, file.fileType.name, file.name), document.text)
    }

    private fun released(editor: Editor) {
        uriOf(editor.document)?.let { uri ->
            // The released editor still counts among the document's editors during this event.
            val last = EditorFactory.getInstance().getEditors(editor.document).none { it !== editor }
            core.editorReleased(IdeEditorView(editor, uri), last)
        }
        editorDisposables.remove(editor)?.let(Disposer::dispose)
    }

    /** A Disposable that lives as long as [editor] does (and no longer than the plugin). */
    fun editorDisposable(editor: Editor): Disposable = editorDisposables.getOrPut(editor) {
        Disposer.newDisposable("redline-editor").also { Disposer.register(this, it) }
    }

    private fun spawnSidecar(): SidecarProcess {
        System.getenv("REDLINE_SIDECAR")?.let { return OsSidecarProcess.start(File(it)) }
        return when (val result = RedlinePlatform.sidecar(descriptor?.pluginPath?.resolve("bin"))) {
            is SidecarInstaller.Result.Ready -> OsSidecarProcess.start(result.executable.toFile())
            is SidecarInstaller.Result.Failed -> {
                notify(result.message, NotificationType.ERROR)
                throw IllegalStateException(result.message)
            }
        }
    }

    private fun documentOf(uri: String): Document? = EditorFactory.getInstance().allEditors
        .map { it.document }.firstOrNull { uriOf(it) == uri }

    override fun buffer(uri: String): TextBuffer? = documentOf(uri)?.let(::DocumentBuffer)

    override fun edit(uri: String, command: UndoCommand, body: () -> Unit) {
        val document = documentOf(uri) ?: return
        // The core names the editor whose project runs the command (its window's mark editor): an edit run for no
        // project is recorded as one that cannot be undone.
        val project = (command.editor as? IdeEditorView)?.editor?.project
            ?: EditorFactory.getInstance().getEditors(document).firstNotNullOfOrNull { it.project }
        // Not recorded for the focused editor's document (CoreCommandProcessor's overloads without this flag
        // record it, and UndoManagerImpl then adds a mention of that file: a group over two files, global).
        CommandProcessor.getInstance().executeCommand(project, {
            ApplicationManager.getApplication().runWriteAction { body() }
        }, "Redline Edit", command.group, UndoConfirmationPolicy.DO_NOT_REQUEST_CONFIRMATION, false)
    }

    /** StartMarkAction, FinishMarkAction and START_MARK_ACTION_KEY in the views' editors; the core decides which and when. */
    override val marks: MarkPlatform = object : MarkPlatform {
        private fun editorOf(view: EditorView) = (view as? IdeEditorView)?.editor

        override fun held(view: EditorView): Any? = editorOf(view)?.getUserData(StartMarkAction.START_MARK_ACTION_KEY)

        override fun hold(view: EditorView, mark: Any?) {
            editorOf(view)?.putUserData(StartMarkAction.START_MARK_ACTION_KEY, mark as StartMarkAction?)
        }

        override fun start(view: EditorView): Any? {
            val editor = editorOf(view) ?: return null
            val project = editor.project ?: return null
            // Refused while the editor holds another mark (an in-place refactoring): the window's changes then stay separate steps.
            return try { StartMarkAction.start(editor, project, "Redline Edit") } catch (_: StartMarkAction.AlreadyStartedException) { null }
        }

        override fun finish(view: EditorView, mark: Any) {
            val editor = editorOf(view) ?: return
            FinishMarkAction.finish(editor.project ?: return, editor, mark as StartMarkAction)
        }

        override fun guard(view: EditorView, onUndo: () -> Unit, onRedo: () -> Unit) {
            val editor = editorOf(view) ?: return
            val project = editor.project ?: return
            UndoManager.getInstance(project).undoableActionPerformed(object : BasicUndoableAction(editor.document) {
                override fun undo() = onUndo()
                override fun redo() = onRedo()
            })
        }
    }

    /** Read where UndoManagerImpl.getDocumentUndoLimit reads it; registry.properties gives 100. */
    override fun documentUndoLimit(): Int = Registry.intValue("undo.documentUndoLimit", 100)

    /** The documents [project]'s editors show. */
    fun urisOf(project: Project): Set<String> =
        EditorFactory.getInstance().allEditors.filter { it.project == project }.mapNotNullTo(HashSet()) { uriOf(it.document) }

    /** The documents every editor shows. */
    fun openUris(): Set<String> = EditorFactory.getInstance().allEditors.mapNotNullTo(HashSet()) { uriOf(it.document) }

    override fun onUiThread(task: () -> Unit) = ApplicationManager.getApplication().invokeLater(task, ModalityState.nonModal())

    override fun <T> read(body: () -> T): T = ApplicationManager.getApplication().runReadAction(Computable { body() })

    /** The content roots of the open projects (read at the sidecar's start and whenever an editor opens). */
    override fun workspaceFolders(): List<WorkspaceFolder> =
        ProjectManager.getInstance().openProjects.flatMap { project -> ProjectRootManager.getInstance(project).contentRoots.map { WorkspaceFolder(FileUris.uriOfIdeUrl(it.url), it.name) } }.distinct()

    override fun sessionEnded(sessionId: String, state: String, message: String?, actions: List<String>) {
        if (state == "error") {
            val notification = notification(message ?: "Redline: the edit failed.", NotificationType.ERROR)
            // Retry asks the same instruction over the same range again; the sidecar's log lines are in the IDE's log.
            if (StatusAction.RETRY in actions) notification.addAction(NotificationAction.createSimpleExpiring("Retry") { core.retry(sessionId)?.let(RedlineActions::report) })
            if (StatusAction.SHOW_LOG in actions) notification.addAction(ShowLogAction.notificationAction())
            notification.notify(null)
        } else if (state == "broken" || (state == SessionState.CANCELLED && message != null)) notify(message ?: "Redline: the edit ended ($state).", NotificationType.WARNING)
    }

    /** Per session, the notification showing its findings: replaced by a new set, expired when they go. */
    private val warningNotes = HashMap<String, Notification>()

    /** A balloon per new set of findings, an action per fix; a fix the core refuses says why. */
    override fun warningsChanged(sessionId: String, uri: String, warnings: List<ShownWarning>) {
        warningNotes.remove(sessionId)?.expire()
        if (warnings.isEmpty()) return
        val problem = warnings.any { it.severity == DiagnosticSeverity.WARNING }
        val notification = notification(ProposalWarnings.notificationText(uri, warnings), if (problem) NotificationType.WARNING else NotificationType.INFORMATION)
        for (warning in warnings) {
            val fix = warning.fix ?: continue
            notification.addAction(NotificationAction.createSimpleExpiring(fix.title) { core.sessions.applyFix(sessionId, warning.index)?.let { notify("Redline: $it", NotificationType.WARNING) } })
        }
        warningNotes[sessionId] = notification
        notification.notify(null)
    }

    fun notify(text: String, type: NotificationType) = notification(text, type).notify(null)

    private fun notification(text: String, type: NotificationType): Notification =
        NotificationGroupManager.getInstance().getNotificationGroup("Redline").createNotification(text, type)

    /** [editor], showing [uri], as the core sees it. */
    fun viewOf(editor: Editor, uri: String): EditorView = IdeEditorView(editor, uri)

    override fun dispose() = core.dispose()

    /** An editor as the core sees it; equal for the same editor, so a release finds what was opened. */
    private inner class IdeEditorView(val editor: Editor, override val uri: String) : EditorView {
        override fun painter(sessionId: String): MarkPainter =
            EditorMarks(editor, Disposer.newDisposable("redline-marks-$sessionId").also { Disposer.register(editorDisposable(editor), it) }, sessionId)

        private val buffer get() = DocumentBuffer(editor.document)

        override fun collapseSelection(at: Position) {
            editor.selectionModel.removeSelection()
            editor.caretModel.moveToOffset(buffer.offsetOf(at))
        }

        override fun caret(): Position = buffer.positionOf(editor.caretModel.offset)

        override val inProject get() = editor.project != null

        override fun select(range: Range) {
            editor.selectionModel.setSelection(buffer.offsetOf(range.start), buffer.offsetOf(range.end))
            editor.caretModel.moveToOffset(buffer.offsetOf(range.end))
        }

        override fun equals(other: Any?) = other is IdeEditorView && other.editor === editor
        override fun hashCode() = System.identityHashCode(editor)
    }

    companion object {
        fun getInstance(): RedlineService = service()

        fun uriOf(document: Document): String? = FileDocumentManager.getInstance().getFile(document)?.url?.let(FileUris::uriOfIdeUrl)
    }
}

/**
 * Every outermost command's start and end, for the undo windows (which commands come between Redline's, which
 * are editor actions, which change a session's file together with others), and the undo-transparent actions,
 * which fire no command event. Registered on CommandListener.TOPIC, the application bus CoreCommandProcessor
 * publishes on; commands run on the UI thread (enterModal and leaveModal end and restart a command around a
 * modal dialog). Before the service exists there is no window to tell.
 */
class RedlineCommandListener : CommandListener {
    private val sessions get() = serviceIfCreated<RedlineService>()?.core?.sessions

    override fun commandStarted(event: CommandEvent) {
        sessions?.commandStarted(event.document?.let(RedlineService::uriOf))
    }

    override fun commandFinished(event: CommandEvent) {
        sessions?.commandFinished(event.commandGroupId)
    }

    override fun undoTransparentActionStarted() {
        sessions?.transparentActionStarted()
    }

    override fun undoTransparentActionFinished() {
        sessions?.transparentActionFinished()
    }
}

/**
 * Proposals are withdrawn before the platform's final save, while commands still run: ProjectManagerImpl.closeProject
 * fires ProjectCloseListener.projectClosingBeforeSave and then FileDocumentManager.saveAllDocuments (which the save
 * vetoer would refuse for a session's file, the user's typing there unsaved) and only later disposes the project
 * (a command for it then logs an error and does nothing); ApplicationImpl's exit fires
 * AppLifecycleListener.appWillBeClosed before it closes the projects.
 */
class RedlineCloseListener : ProjectCloseListener, AppLifecycleListener {
    override fun projectClosingBeforeSave(project: Project) {
        val service = serviceIfCreated<RedlineService>() ?: return
        service.core.closingBeforeSave(service.urisOf(project))
    }

    override fun appWillBeClosed(isRestart: Boolean) {
        val service = serviceIfCreated<RedlineService>() ?: return
        service.core.closingBeforeSave(service.openUris())
    }
}

/**
 * Files changed on disk (saves, a checkout, files a refactoring wrote), for the sidecar's workspace index.
 * Registered on BulkFileListener, whose `after` runs inside the write action that applied the events: the
 * core only hands them to the running sidecar, through a queue that never blocks. Read in
 * JetBrains/intellij-community: VFileEvent.getPath (system-independent), VFileCopyEvent's path is the copy's,
 * VFileMoveEvent and VFilePropertyChangeEvent (a rename when isRename) give the old and new paths.
 */
class RedlineFileEvents : BulkFileListener {
    override fun after(events: List<VFileEvent>) {
        val core = serviceIfCreated<RedlineService>()?.core ?: return
        core.filesChanged(events.mapNotNull(::changeOf))
    }

    private fun changeOf(event: VFileEvent): FileSystemChange? = when (event) {
        is VFileCreateEvent, is VFileCopyEvent -> FileSystemChange(FileSystemChange.Kind.CREATED, event.path)
        is VFileContentChangeEvent -> FileSystemChange(FileSystemChange.Kind.CHANGED, event.path)
        is VFileDeleteEvent -> FileSystemChange(FileSystemChange.Kind.DELETED, event.path)
        is VFileMoveEvent -> FileSystemChange(FileSystemChange.Kind.MOVED, event.oldPath, event.newPath)
        is VFilePropertyChangeEvent -> if (event.isRename) FileSystemChange(FileSystemChange.Kind.MOVED, event.oldPath, event.newPath) else null
        else -> null
    }
}

/** A Document as the core's buffer; offsets are the Document's own UTF-16 offsets. */
class DocumentBuffer(private val document: Document) : TextBuffer {
    override val length get() = document.textLength
    override val lineCount get() = maxOf(1, document.lineCount)
    override fun text() = document.text
    override fun lineOf(offset: Int) = document.getLineNumber(offset)
    override fun lineStart(line: Int) = document.getLineStartOffset(line)
    override fun replace(start: Int, end: Int, text: String) = document.replaceString(start, end, text)
}
