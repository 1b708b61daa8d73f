package dev.redline.ide

import com.intellij.codeInsight.inline.completion.InlineCompletion
import com.intellij.codeInsight.inline.completion.InlineCompletionEvent
import com.intellij.codeInsight.inline.completion.InlineCompletionProviderID
import com.intellij.codeInsight.inline.completion.session.InlineCompletionSession
import com.intellij.codeInsight.lookup.LookupManager
import com.intellij.codeInsight.template.TemplateManager
import com.intellij.codeInsight.hint.HintManagerImpl
import com.intellij.ide.DataManager
import com.intellij.openapi.actionSystem.ActionManager
import com.intellij.openapi.actionSystem.ActionUpdateThread
import com.intellij.openapi.actionSystem.AnAction
import com.intellij.openapi.actionSystem.AnActionEvent
import com.intellij.openapi.actionSystem.CommonDataKeys
import com.intellij.openapi.actionSystem.DataContext
import com.intellij.openapi.editor.Caret
import com.intellij.openapi.editor.Editor
import com.intellij.openapi.editor.EditorFactory
import com.intellij.openapi.editor.Inlay
import com.intellij.openapi.editor.LogicalPosition
import com.intellij.openapi.editor.ScrollType
import com.intellij.openapi.components.serviceIfCreated
import com.intellij.openapi.editor.actionSystem.EditorAction
import com.intellij.openapi.editor.actionSystem.EditorActionHandler
import com.intellij.openapi.util.UserDataHolderBase
import dev.redline.core.Position
import dev.redline.core.StreamKeys
import dev.redline.core.WrappedKeys
import dev.redline.core.nextedit.EscAction
import dev.redline.core.nextedit.KeyContext
import dev.redline.core.nextedit.NextEditKeys
import dev.redline.core.nextedit.NextEditPlatform
import dev.redline.core.nextedit.ShownHunk
import dev.redline.core.nextedit.TabAction
import java.awt.Point

/**
 * The editor facts the core's Tab and Esc decisions need ([dev.redline.core.nextedit.NextEditKeys], [StreamKeys]).
 * Read in JetBrains/intellij-community: LookupManager.getActiveLookup (a completion popup takes Tab),
 * TemplateManager.getActiveTemplate (a live template moves between its fields with Tab; an in-place rename runs
 * as one), InlineCompletionSession.getOrNull in codeinsight-inline's session package (ghost text is shown),
 * HintManagerImpl.isEscapeHandlerEnabled (a visible hint shown to hide on Esc: parameter info, an error tooltip,
 * the completion popup itself; codeInsight.hint.EscapeHandler closes them), ScrollingModel.getVisibleArea with
 * Editor.xyToLogicalPosition (the lines on screen).
 */
object NextEditEditors {
    fun context(editor: Editor): KeyContext {
        val area = editor.scrollingModel.visibleArea
        val project = editor.project
        val taken = LookupManager.getActiveLookup(editor) != null ||
            (project != null && TemplateManager.getInstance(project).getActiveTemplate(editor) != null) ||
            InlineCompletionSession.getOrNull(editor) != null
        return KeyContext(
            caretLine = editor.caretModel.logicalPosition.line,
            firstVisibleLine = editor.xyToLogicalPosition(Point(0, area.y)).line,
            lastVisibleLine = editor.xyToLogicalPosition(Point(0, area.y + area.height)).line,
            keyTakenElsewhere = taken,
            escapeTakenElsewhere = taken || HintManagerImpl.getInstanceImpl().isEscapeHandlerEnabled,
        )
    }

    fun caret(editor: Editor): Position = editor.caretModel.logicalPosition.let { Position(it.line, it.column) }

    /** The next-edit hunk shown in the editor's document; none before the service exists (it is not created here). */
    fun hunk(editor: Editor): ShownHunk? {
        val core = serviceIfCreated<RedlineService>()?.core ?: return null
        return RedlineService.uriOf(editor.document)?.let(core.nextEdits::shownHunk)
    }
}

/** Tab: accepts the shown hunk (or first goes to it); otherwise Tab as ever, the command questions answered as the wrapped handler does. */
class NextEditTabHandler(private val original: EditorActionHandler) : EditorActionHandler() {
    private fun takes(editor: Editor) = NextEditKeys.tab(NextEditEditors.hunk(editor), NextEditEditors.context(editor)) != TabAction.StepAside

    override fun isEnabledForCaret(editor: Editor, caret: Caret, dataContext: DataContext?) =
        NextEditEditors.hunk(editor) != null || original.isEnabled(editor, caret, dataContext)

    override fun executeInCommand(editor: Editor, dataContext: DataContext?) =
        WrappedKeys.executeInCommand(takes(editor)) { original.executeInCommand(editor, dataContext) }

    override fun getCommandGroupId(editor: Editor) = original.getCommandGroupId(editor)

    override fun runForAllCarets() = original.runForAllCarets()

    override fun doExecute(editor: Editor, caret: Caret?, dataContext: DataContext?) {
        // Run for each caret when the wrapped handler is: Redline's own action once, at the primary caret.
        if (caret != null && caret != editor.caretModel.primaryCaret && takes(editor)) return
        val uri = RedlineService.uriOf(editor.document)
        val action = uri?.let { RedlineService.getInstance().core.nextEdits.tab(it, NextEditEditors.context(editor), NextEditEditors.caret(editor)) } ?: TabAction.StepAside
        when (action) {
            TabAction.StepAside -> original.execute(editor, caret, dataContext)
            is TabAction.Jump -> {
                editor.caretModel.moveToLogicalPosition(LogicalPosition(action.line, 0))
                editor.scrollingModel.scrollToCaret(ScrollType.MAKE_VISIBLE)
            }
            is TabAction.Accept -> Unit
        }
    }
}

/** Esc: dismisses the shown hunk; otherwise Esc as ever (the stream's own Esc handler included). */
class NextEditEscHandler(private val original: EditorActionHandler) : EditorActionHandler() {
    private fun takes(editor: Editor) = NextEditKeys.escape(NextEditEditors.hunk(editor), NextEditEditors.context(editor)) != EscAction.StepAside

    override fun isEnabledForCaret(editor: Editor, caret: Caret, dataContext: DataContext?) =
        NextEditEditors.hunk(editor) != null || original.isEnabled(editor, caret, dataContext)

    override fun executeInCommand(editor: Editor, dataContext: DataContext?) =
        WrappedKeys.executeInCommand(takes(editor)) { original.executeInCommand(editor, dataContext) }

    override fun getCommandGroupId(editor: Editor) = original.getCommandGroupId(editor)

    override fun runForAllCarets() = original.runForAllCarets()

    override fun doExecute(editor: Editor, caret: Caret?, dataContext: DataContext?) {
        if (caret != null && caret != editor.caretModel.primaryCaret && takes(editor)) return
        val uri = RedlineService.uriOf(editor.document)
        val action = uri?.let { RedlineService.getInstance().core.nextEdits.escape(it, NextEditEditors.context(editor)) } ?: EscAction.StepAside
        if (action == EscAction.StepAside) original.execute(editor, caret, dataContext)
    }
}

/** Asks for a next edit at the caret now. */
class NextEditAction : AnAction() {
    override fun getActionUpdateThread() = ActionUpdateThread.EDT

    override fun update(e: AnActionEvent) {
        e.presentation.isEnabled = e.getData(CommonDataKeys.EDITOR)?.let { RedlineService.uriOf(it.document) } != null
    }

    override fun actionPerformed(e: AnActionEvent) {
        val editor = e.getData(CommonDataKeys.EDITOR) ?: return
        val uri = RedlineService.uriOf(editor.document) ?: return
        RedlineService.getInstance().core.nextEdits.invoke(uri, NextEditEditors.caret(editor))
    }
}

/** Ghost text through the platform's inline completion (a manual call of Redline's provider), and the hint inlay. */
class IdeNextEditPlatform : NextEditPlatform {
    private val hints = HashMap<String, Inlay<*>>()

    private fun editorOf(uri: String): Editor? = EditorFactory.getInstance().allEditors.firstOrNull { RedlineService.uriOf(it.document) == uri }

    /** A ManualCall of Redline's provider, marked as Redline's own; false where that experimental API changed (the class or its constructor gone). */
    override fun showGhost(uri: String): Boolean {
        val editor = editorOf(uri) ?: return true
        val handler = InlineCompletion.getHandlerOrNull(editor) ?: return true
        return try {
            val data = UserDataHolderBase().apply { putUserData(RedlineInlineCompletionProvider.NEXT_EDIT_GHOST, true) }
            handler.invokeEvent(InlineCompletionEvent.ManualCall(editor, InlineCompletionProviderID(RedlineInlineCompletionProvider.ID), data))
            true
        } catch (_: LinkageError) {
            false
        }
    }

    /** The platform's "call inline completion" action (CallInlineCompletionAction: a DirectCall every provider is asked for, in order). */
    override fun callInlineCompletion(uri: String) {
        val editor = editorOf(uri) ?: return
        val action = ActionManager.getInstance().getAction("CallInlineCompletionAction") as? EditorAction ?: return
        action.handler.execute(editor, null, DataManager.getInstance().getDataContext(editor.contentComponent))
    }

    override fun keyContext(uri: String): KeyContext? = editorOf(uri)?.let { NextEditEditors.context(it) }

    override fun hint(uri: String, line: Int?, text: String) {
        hints.remove(uri)?.dispose()
        val editor = editorOf(uri) ?: return
        if (line == null || line >= editor.document.lineCount) return
        editor.inlayModel.addAfterLineEndElement(editor.document.getLineEndOffset(line), false, EditorMarks.Label("  $text"))?.let { hints[uri] = it }
    }
}
