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
import com.intellij.openapi.components.serviceIfCreated
import com.intellij.openapi.editor.Editor
import com.intellij.openapi.util.Key
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

    /**
     * Only what [CompletionTriggers] claims: the platform asks its providers in turn (Redline's first, `order`
     * in plugin.xml) and the first enabled one wins; Redline's own ManualCall, for next-edit ghost text, always.
     * On the UI thread, so it stays trivial: no service is created here (none exists before an editor installed
     * its completion handler) and only the characters around the caret are read.
     */
    override fun isEnabled(event: InlineCompletionEvent): Boolean {
        val manual = manualCall(event)
        val trigger = CompletionTriggers.of(event.javaClass.simpleName, redlineCall = manual?.second == true)
        if (trigger == CompletionTriggers.Trigger.OTHER) return false
        val core = serviceIfCreated<RedlineService>()?.core ?: return false
        val editor = (event as? InlineCompletionEvent.DocumentChange)?.editor ?: (event as? InlineCompletionEvent.DirectCall)?.editor ?: manual?.first
        val document = editor?.document ?: event.toRequest()?.document ?: return false
        val uri = RedlineService.uriOf(document) ?: return false
        return core.claimsCompletion(trigger, uri, editor?.let(::midWord) ?: false)
    }

    /**
     * A ManualCall's editor, and whether Redline made it (its data carries [NEXT_EDIT_GHOST]); null for another
     * event, or where the experimental class changed.
     */
    private fun manualCall(event: InlineCompletionEvent): Pair<Editor, Boolean>? = try {
        (event as? InlineCompletionEvent.ManualCall)?.let { it.editor to (it.additionalData.getUserData(NEXT_EDIT_GHOST) == true) }
    } catch (_: LinkageError) {
        null
    }

    /** The characters on both sides of the caret, within its line. */
    private fun midWord(editor: Editor): Boolean {
        val document = editor.document
        val offset = editor.caretModel.offset
        val line = document.getLineNumber(offset)
        val text = document.immutableCharSequence
        val before = if (offset > document.getLineStartOffset(line)) text[offset - 1] else null
        val after = if (offset < document.getLineEndOffset(line)) text[offset] else null
        return CompletionTriggers.midWord(before, after)
    }

    override suspend fun getSuggestion(request: InlineCompletionRequest): InlineCompletionSuggestion {
        val document = request.document
        val (uri, position) = readAction {
            val line = document.getLineNumber(request.endOffset)
            RedlineService.uriOf(document) to Position(line, request.endOffset - document.getLineStartOffset(line))
        }
        uri ?: return InlineCompletionSuggestion.Empty
        val core = serviceIfCreated<RedlineService>()?.core ?: return InlineCompletionSuggestion.Empty
        val item = core.completion
            .complete(uri, position, invoked = request.event.javaClass.simpleName in INVOKED) ?: return InlineCompletionSuggestion.Empty
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

        /** Marks the data of Redline's ManualCall for a next edit's ghost text. */
        val NEXT_EDIT_GHOST: Key<Boolean> = Key.create("dev.redline.nextEditGhost")

        /** The events the user (or Redline for them) asked on: the sidecar answers at once, without its debounce. */
        private val INVOKED = setOf("DirectCall", "ManualCall")

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
