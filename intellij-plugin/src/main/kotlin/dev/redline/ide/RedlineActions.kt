package dev.redline.ide

import com.intellij.codeInsight.daemon.impl.DaemonCodeAnalyzerEx
import com.intellij.lang.annotation.HighlightSeverity
import com.intellij.openapi.actionSystem.ActionUpdateThread
import com.intellij.openapi.actionSystem.AnAction
import com.intellij.openapi.actionSystem.AnActionEvent
import com.intellij.openapi.actionSystem.CommonDataKeys
import com.intellij.openapi.actionSystem.DataContext
import com.intellij.openapi.components.serviceIfCreated
import com.intellij.openapi.editor.Caret
import com.intellij.openapi.editor.Document
import com.intellij.openapi.editor.Editor
import com.intellij.openapi.editor.actionSystem.EditorActionHandler
import com.intellij.openapi.fileEditor.FileDocumentSynchronizationVetoer
import com.intellij.openapi.ui.popup.JBPopupFactory
import com.intellij.notification.NotificationType
import com.intellij.ui.components.JBTextField
import dev.redline.core.Diagnostic
import dev.redline.core.Diagnostics
import dev.redline.core.HighlightSpan
import dev.redline.core.Position
import dev.redline.core.Range
import dev.redline.core.SessionState
import dev.redline.core.SessionView
import dev.redline.core.StreamKeys
import dev.redline.core.WrappedKeys
import java.awt.Dimension
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CompletionException

object RedlineActions {
    /** Lines on each side of a caret whose highlights go with an edit. */
    private const val CARET_REACH_LINES = 100

    private val service get() = RedlineService.getInstance()

    /** The core's calls return at once (a start of the sidecar included); a failure is shown when it comes. */
    fun report(request: CompletableFuture<*>) {
        request.whenComplete { _, e ->
            val cause = (e as? CompletionException)?.cause ?: e ?: return@whenComplete
            service.notify("Redline: ${cause.message}", NotificationType.WARNING)
        }
    }

    fun settle(sessionId: String, line: Int?, accept: Boolean) = report(service.core.settle(sessionId, line, accept))

    fun cancel(sessionId: String) = report(service.core.cancel(sessionId))

    /** From any thread: the sessions' published copy. */
    fun sessions(editor: Editor): List<SessionView> {
        // Action updates may run off the UI thread, where the service must not be created; without it there is no session.
        val sessions = serviceIfCreated<RedlineService>()?.core?.sessions ?: return emptyList()
        return RedlineService.uriOf(editor.document)?.let(sessions::sessionsIn).orEmpty()
    }

    /** On the UI thread: the selection and the version it belongs to are read together. */
    fun start(editor: Editor, instruction: String) {
        val uri = RedlineService.uriOf(editor.document) ?: return
        val version = service.core.documents.version(uri) ?: return
        val selection = editor.selectionModel
        val document = editor.document
        fun at(offset: Int) = document.getLineNumber(offset).let { Position(it, offset - document.getLineStartOffset(it)) }
        val diagnostics = highlights(editor, selection.selectionStart, selection.selectionEnd, ::at)
        val range = Range(at(selection.selectionStart), at(selection.selectionEnd))
        report(service.core.startInlineEdit(uri, version, range, instruction, diagnostics, service.viewOf(editor, uri)))
    }

    /**
     * The daemon's highlighting infos around the selection (its whole lines; a caret: the lines
     * near it, since the sidecar widens it to the enclosing function), as diagnostics. The UI
     * thread holds read access, which processHighlights asserts.
     */
    private fun highlights(editor: Editor, start: Int, end: Int, at: (Int) -> Position): List<Diagnostic> {
        val project = editor.project ?: return emptyList()
        val document = editor.document
        if (document.lineCount == 0) return emptyList()
        val reach = if (start == end) CARET_REACH_LINES else 0
        val from = document.getLineStartOffset(maxOf(0, document.getLineNumber(start) - reach))
        val to = document.getLineEndOffset(minOf(document.lineCount - 1, document.getLineNumber(end) + reach))
        val spans = ArrayList<HighlightSpan>()
        DaemonCodeAnalyzerEx.processHighlights(document, project, HighlightSeverity.INFORMATION, from, to) { info ->
            spans += HighlightSpan(info.actualStartOffset, info.actualEndOffset, info.severity.myVal, info.description, info.inspectionToolId)
            true
        }
        return Diagnostics.of(spans, from, to, at)
    }
}

/** Asks for the instruction in a small popup under the caret, then starts the edit on the selection. */
class InlineEditAction : AnAction() {
    override fun getActionUpdateThread() = ActionUpdateThread.BGT

    override fun update(e: AnActionEvent) {
        e.presentation.isEnabled = e.getData(CommonDataKeys.EDITOR)?.let { RedlineService.uriOf(it.document) } != null
    }

    override fun actionPerformed(e: AnActionEvent) {
        val editor = e.getData(CommonDataKeys.EDITOR) ?: return
        val field = JBTextField().apply { preferredSize = Dimension(420, preferredSize.height) }
        val popup = JBPopupFactory.getInstance().createComponentPopupBuilder(field, field)
            .setTitle("Redline: Describe the Change")
            .setRequestFocus(true)
            .setCancelOnClickOutside(true)
            .createPopup()
        field.addActionListener {
            val instruction = field.text.trim()
            popup.closeOk(null)
            if (instruction.isNotEmpty()) RedlineActions.start(editor, instruction)
        }
        popup.showInBestPositionFor(editor)
    }
}

/** Accept/Reject all, or the hunk under the caret; enabled only where a proposal is pending. */
abstract class SettleAction(private val accept: Boolean, private val wholeSession: Boolean) : AnAction() {
    override fun getActionUpdateThread() = ActionUpdateThread.EDT

    private fun target(e: AnActionEvent): Pair<String, Int?>? {
        val editor = e.getData(CommonDataKeys.EDITOR) ?: return null
        val sessions = RedlineActions.sessions(editor).filter { it.state != SessionState.STREAMING }
        if (wholeSession) return sessions.firstOrNull()?.let { it.id to null }
        val line = editor.caretModel.logicalPosition.line
        return sessions.firstOrNull { s -> s.hunks.any { line >= it.start && line < it.end } }?.let { it.id to line }
    }

    override fun update(e: AnActionEvent) {
        e.presentation.isEnabled = target(e) != null
    }

    override fun actionPerformed(e: AnActionEvent) {
        val (sessionId, line) = target(e) ?: return
        RedlineActions.settle(sessionId, line, accept)
    }
}

class AcceptAllAction : SettleAction(accept = true, wholeSession = true)
class RejectAllAction : SettleAction(accept = false, wholeSession = true)
class AcceptHunkAction : SettleAction(accept = true, wholeSession = false)
class RejectHunkAction : SettleAction(accept = false, wholeSession = false)

/**
 * Esc while a reply streams cancels it, once nothing else wants Esc ([StreamKeys]: the completion popup, a hint,
 * a template or rename, ghost text close first); otherwise Esc does what it always does. The platform's
 * questions about the command are the wrapped handler's to answer ([WrappedKeys]).
 */
class CancelStreamEscHandler(private val original: EditorActionHandler) : EditorActionHandler() {
    private fun decide(editor: Editor): StreamKeys.Esc {
        val streaming = RedlineActions.sessions(editor).firstOrNull { it.state == SessionState.STREAMING } ?: return StreamKeys.Esc.StepAside
        return StreamKeys.escape(streaming.id, NextEditEditors.context(editor))
    }

    override fun isEnabledForCaret(editor: Editor, caret: Caret, dataContext: DataContext?) =
        decide(editor) != StreamKeys.Esc.StepAside || original.isEnabled(editor, caret, dataContext)

    override fun executeInCommand(editor: Editor, dataContext: DataContext?) =
        WrappedKeys.executeInCommand(decide(editor) != StreamKeys.Esc.StepAside) { original.executeInCommand(editor, dataContext) }

    override fun getCommandGroupId(editor: Editor) = original.getCommandGroupId(editor)

    override fun runForAllCarets() = original.runForAllCarets()

    override fun doExecute(editor: Editor, caret: Caret?, dataContext: DataContext?) {
        when (val action = decide(editor)) {
            StreamKeys.Esc.StepAside -> original.execute(editor, caret, dataContext)
            // Run for each caret when the wrapped handler is: the stream is cancelled once.
            is StreamKeys.Esc.Cancel -> if (caret == null || caret == editor.caretModel.primaryCaret) RedlineActions.cancel(action.sessionId)
        }
    }
}

/** A document with a session open is never saved, autosave included; see SaveHints for the one hint per session. */
class PendingProposalSaveVetoer : FileDocumentSynchronizationVetoer() {
    override fun maySaveDocument(document: Document, isSaveExplicit: Boolean): Boolean {
        val service = serviceIfCreated<RedlineService>() ?: return true
        val uri = RedlineService.uriOf(document) ?: return true
        val decision = service.core.saveDecision(uri, isSaveExplicit)
        decision.hint?.let { service.notify(it, NotificationType.INFORMATION) }
        return decision.allowed
    }
}
