package dev.redline.ide

import com.intellij.ide.plugins.cl.PluginAwareClassLoader
import com.intellij.notification.NotificationGroupManager
import com.intellij.notification.NotificationType
import com.intellij.openapi.Disposable
import com.intellij.openapi.application.ApplicationManager
import com.intellij.openapi.command.CommandProcessor
import com.intellij.openapi.components.Service
import com.intellij.openapi.components.service
import com.intellij.openapi.diagnostic.logger
import com.intellij.openapi.editor.Document
import com.intellij.openapi.editor.Editor
import com.intellij.openapi.editor.EditorFactory
import com.intellij.openapi.editor.event.DocumentEvent
import com.intellij.openapi.editor.event.DocumentListener
import com.intellij.openapi.editor.event.EditorFactoryEvent
import com.intellij.openapi.editor.event.EditorFactoryListener
import com.intellij.openapi.fileEditor.FileDocumentManager
import com.intellij.openapi.util.Disposer
import com.intellij.util.concurrency.AppExecutorUtil
import dev.redline.core.EditorHost
import dev.redline.core.MarkPainter
import dev.redline.core.OsSidecarProcess
import dev.redline.core.RedlineCore
import dev.redline.core.SessionState
import dev.redline.core.SidecarInstaller
import dev.redline.core.SidecarProcess
import dev.redline.core.TextBuffer
import dev.redline.core.UndoGroup
import dev.redline.core.positionOf
import java.io.File

/** The IDE's one Redline: the core, fed by document and editor events, painting through [EditorMarks]. */
@Service(Service.Level.APP)
class RedlineService : Disposable, EditorHost {
    private val log = logger<RedlineService>()
    private val sessionDisposables = HashMap<String, Disposable>()

    // Through the plugin's own class loader: 2026 sources mark PluginManagerCore.getPlugin @ApiStatus.Internal.
    private val descriptor = (RedlineService::class.java.classLoader as? PluginAwareClassLoader)?.pluginDescriptor

    val core = RedlineCore(
        spawn = ::spawnSidecar,
        host = this,
        scheduler = AppExecutorUtil.getAppScheduledExecutorService(),
        log = { log.info(it) },
        settings = { RedlineSettings.getInstance().patch() },
        clientVersion = descriptor?.version ?: "dev",
    )

    init {
        val factory = EditorFactory.getInstance()
        factory.addEditorFactoryListener(object : EditorFactoryListener {
            override fun editorCreated(event: EditorFactoryEvent) = opened(event.editor.document)
            override fun editorReleased(event: EditorFactoryEvent) {
                val document = event.editor.document
                // The released editor still counts among the document's editors during this event.
                if (factory.getEditors(document).none { it !== event.editor }) uriOf(document)?.let(core.documents::close)
            }
        }, this)
        factory.eventMulticaster.addDocumentListener(object : DocumentListener {
            override fun documentChanged(event: DocumentEvent) {
                val uri = uriOf(event.document) ?: return
                core.documents.changed(uri, DocumentBuffer(event.document).positionOf(event.offset), event.oldFragment, event.newFragment.toString())
            }
        }, this)
        factory.allEditors.forEach { opened(it.document) }
    }

    private fun opened(document: Document) {
        val file = FileDocumentManager.getInstance().getFile(document) ?: return
        core.documents.open(file.url, file.fileType.name.lowercase(), document.text)
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

    fun editorsOf(uri: String): List<Editor> = documentOf(uri)?.let { EditorFactory.getInstance().getEditors(it).toList() }.orEmpty()

    private fun documentOf(uri: String): Document? = EditorFactory.getInstance().allEditors
        .map { it.document }.firstOrNull { uriOf(it) == uri }

    override fun buffer(uri: String): TextBuffer? = documentOf(uri)?.let(::DocumentBuffer)

    override fun painter(uri: String, sessionId: String): MarkPainter? {
        val editor = editorsOf(uri).firstOrNull() ?: return null
        val owner = Disposer.newDisposable("redline-session-$sessionId")
        Disposer.register(this, owner)
        sessionDisposables[sessionId] = owner
        return EditorMarks(editor, owner, sessionId)
    }

    override fun edit(uri: String, group: UndoGroup, body: () -> Unit) {
        val document = documentOf(uri) ?: return
        val project = editorsOf(uri).firstOrNull()?.project
        // One groupId per session: the platform merges its commands into a single undo step.
        CommandProcessor.getInstance().executeCommand(project, {
            ApplicationManager.getApplication().runWriteAction { body() }
        }, "Redline Edit", group, document)
    }

    override fun onUiThread(task: () -> Unit) = ApplicationManager.getApplication().invokeLater(task)

    override fun sessionEnded(sessionId: String, state: String, message: String?) {
        sessionDisposables.remove(sessionId)?.let(Disposer::dispose)
        if (state == "error" || state == "broken" || (state == SessionState.CANCELLED && message != null)) {
            notify(message ?: "Redline: the edit ended ($state).", NotificationType.WARNING)
        }
    }

    fun notify(text: String, type: NotificationType) {
        NotificationGroupManager.getInstance().getNotificationGroup("Redline").createNotification(text, type).notify(null)
    }

    override fun dispose() = core.dispose()

    companion object {
        fun getInstance(): RedlineService = service()

        fun uriOf(document: Document): String? = FileDocumentManager.getInstance().getFile(document)?.url
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
