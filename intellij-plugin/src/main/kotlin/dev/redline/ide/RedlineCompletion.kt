package dev.redline.ide

import com.intellij.codeInsight.inline.completion.InlineCompletionEvent
import com.intellij.codeInsight.inline.completion.InlineCompletionEventAdapter
import com.intellij.codeInsight.inline.completion.InlineCompletionEventType
import com.intellij.codeInsight.inline.completion.InlineCompletionHandler
import com.intellij.codeInsight.inline.completion.InlineCompletionInstallListener
import com.intellij.codeInsight.inline.completion.InlineCompletionProvider
import com.intellij.codeInsight.inline.completion.InlineCompletionProviderID
import com.intellij.codeInsight.inline.completion.InlineCompletionRequest
import com.intellij.codeInsight.inline.completion.elements.InlineCompletionGrayTextElement
import com.intellij.codeInsight.inline.completion.suggestion.InlineCompletionSingleSuggestion
import com.intellij.codeInsight.inline.completion.suggestion.InlineCompletionSuggestion
import com.intellij.openapi.application.readAction
import com.intellij.openapi.editor.Editor
import com.intellij.openapi.util.TextRange
import dev.redline.core.CompletionBridge
import dev.redline.core.CompletionTriggers
import dev.redline.core.InlineCompletionItem
import dev.redline.core.Position
import kotlinx.coroutines.flow.flowOf
import java.util.concurrent.ConcurrentHashMap

/**
 * Inline completion through textDocument/inlineCompletion. The platform cancels getSuggestion's
 * coroutine when the user types on; CompletionBridge turns that into `$/cancelRequest`.
 */
class RedlineInlineCompletionProvider : InlineCompletionProvider {
    override val id = InlineCompletionProviderID(ID)

    /** Only what [CompletionTriggers] claims: the platform asks its providers in turn and the first enabled one wins. */
    override fun isEnabled(event: InlineCompletionEvent): Boolean {
        val trigger = CompletionTriggers.of(event.javaClass.simpleName)
        if (trigger == CompletionTriggers.Trigger.OTHER) return false
        val editor = (event as? InlineCompletionEvent.DocumentChange)?.editor ?: (event as? InlineCompletionEvent.DirectCall)?.editor
            ?: (event as? InlineCompletionEvent.ManualCall)?.editor
        val uri = RedlineService.uriOf(editor?.document ?: event.toRequest()?.document ?: return false) ?: return false
        return CompletionTriggers.enabled(trigger, RedlineService.getInstance().core.documents.isOpen(uri), RedlineSettings.getInstance().getState())
    }

    override suspend fun getSuggestion(request: InlineCompletionRequest): InlineCompletionSuggestion {
        val document = request.document
        val (uri, position) = readAction {
            val line = document.getLineNumber(request.endOffset)
            RedlineService.uriOf(document) to Position(line, request.endOffset - document.getLineStartOffset(line))
        }
        uri ?: return InlineCompletionSuggestion.Empty
        val item = RedlineService.getInstance().core.completion
            .complete(uri, position, invoked = request.event is InlineCompletionEvent.DirectCall || request.event is InlineCompletionEvent.ManualCall) ?: return InlineCompletionSuggestion.Empty
        val typed = item.range?.let { range ->
            readAction {
                val start = document.getLineStartOffset(range.start.line) + range.start.character
                document.getText(TextRange(minOf(start, request.endOffset), request.endOffset))
            }
        }.orEmpty()
        val ghost = CompletionBridge.ghostText(item, typed) ?: return InlineCompletionSuggestion.Empty
        shown[uri] = Shown(position, item, ghost.length)
        return InlineCompletionSingleSuggestion.build(elements = flowOf(InlineCompletionGrayTextElement(ghost)))
    }

    class Shown(val position: Position, val item: InlineCompletionItem, val length: Int)

    companion object {
        const val ID = "dev.redline.completion"

        /** What getSuggestion returned per document, for the events that report its fate. */
        val shown = ConcurrentHashMap<String, Shown>()
    }
}

/**
 * Follows every editor's inline-completion handler and reports shown / partially accepted / accepted.
 * The listener is removed when its editor is released or the plugin unloads, whichever comes first.
 */
class RedlineCompletionEvents : InlineCompletionInstallListener {
    override fun handlerInstalled(editor: Editor, handler: InlineCompletionHandler) {
        val service = RedlineService.getInstance()
        handler.addEventListener(object : InlineCompletionEventAdapter {
            private val bridge get() = service.core.completion
            private fun uri() = RedlineService.uriOf(editor.document)

            // Also fired on every re-render of the same suggestion; the bridge counts the first only.
            override fun onShow(event: InlineCompletionEventType.Show) {
                val uri = uri() ?: return
                val shown = RedlineInlineCompletionProvider.shown[uri] ?: return
                bridge.shown(uri, shown.position, shown.item, shown.length)
            }

            // Partial accept (next word / next line) and typing over the ghost text both shrink it.
            override fun onChange(event: InlineCompletionEventType.Change) {
                uri()?.let { bridge.changed(it, event.lengthChange) }
            }

            override fun onInsert(event: InlineCompletionEventType.Insert) {
                uri()?.let(bridge::inserted)
            }

            override fun onHide(event: InlineCompletionEventType.Hide) {
                uri()?.let { RedlineInlineCompletionProvider.shown.remove(it); bridge.hidden(it) }
            }
        }, service.editorDisposable(editor))
    }
}
