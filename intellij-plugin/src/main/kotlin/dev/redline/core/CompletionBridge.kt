package dev.redline.core

import kotlinx.coroutines.suspendCancellableCoroutine
import java.util.concurrent.CompletableFuture
import java.util.concurrent.CompletionException
import kotlin.coroutines.resume
import kotlin.coroutines.resumeWithException

/**
 * textDocument/inlineCompletion for the IDE's inline-completion provider, and the events LSP has no
 * words for (shown, accepted, partially accepted). Events go to the running sidecar only ([events]):
 * they come from UI listeners, which must never wait for a sidecar to start.
 */
class CompletionBridge(
    private val connection: () -> CompletableFuture<SidecarConnection>,
    private val events: () -> SidecarServer?,
) {
    private class Shown(val item: InlineCompletionItem, val length: Int, var remaining: Int)

    private val shown = HashMap<String, Shown>()

    /**
     * The sidecar's first non-empty item. Cancelling the calling coroutine (the IDE does it whenever the
     * user types on) cancels the request's future, which makes lsp4j send `$/cancelRequest`. A sidecar
     * that is still starting is waited for cancellably; the start itself goes on for the next request.
     */
    suspend fun complete(uri: String, position: Position, invoked: Boolean): InlineCompletionItem? {
        val params = InlineCompletionParams(
            TextDocumentIdentifier(uri),
            position,
            InlineCompletionContext(if (invoked) TriggerKind.INVOKED else TriggerKind.AUTOMATIC),
        )
        val connection = connection().await(cancelOnCancellation = false)
        val list = connection.request { it.inlineCompletion(params) }.await(cancelOnCancellation = true)
        return list?.items?.firstOrNull { it.insertText.isNotEmpty() }
    }

    private suspend fun <T> CompletableFuture<T>.await(cancelOnCancellation: Boolean): T = suspendCancellableCoroutine { cont ->
        if (cancelOnCancellation) cont.invokeOnCancellation { cancel(true) }
        whenComplete { result, error ->
            if (error == null) cont.resume(result) else cont.resumeWithException((error as? CompletionException)?.cause ?: error)
        }
    }

    /**
     * The IDE reports a show again each time it re-renders the same suggestion (after typing over it or a
     * partial accept): only the first show of an item counts, and what was accepted of it is kept.
     */
    @Synchronized
    fun shown(uri: String, position: Position, item: InlineCompletionItem, ghostLength: Int) {
        if (shown[uri]?.item === item) return
        shown[uri] = Shown(item, ghostLength, ghostLength)
        events()?.completionShown(CompletionShownParams(TextDocumentIdentifier(uri), position, item))
    }

    /** The shown text changed by [lengthChange] code units: negative when part of it went into the document. */
    @Synchronized
    fun changed(uri: String, lengthChange: Int) {
        val item = shown[uri] ?: return
        item.remaining = (item.remaining + lengthChange).coerceIn(0, item.length)
        val accepted = item.length - item.remaining
        if (lengthChange < 0 && accepted in 1 until item.length) {
            events()?.completionPartiallyAccepted(CompletionPartiallyAcceptedParams(TextDocumentIdentifier(uri), accepted))
        }
    }

    @Synchronized
    fun inserted(uri: String) {
        shown.remove(uri) ?: return
        events()?.completionAccepted(CompletionAcceptedParams(TextDocumentIdentifier(uri)))
    }

    @Synchronized
    fun hidden(uri: String) {
        shown.remove(uri)
    }

    companion object {
        /**
         * The part of [item] to show after the caret. An item whose range starts before the caret repeats
         * the text there ([typedSinceRangeStart]); ghost text can only add, so an item that does not
         * repeat it exactly cannot be shown.
         */
        fun ghostText(item: InlineCompletionItem, typedSinceRangeStart: String): String? {
            if (item.range == null) return item.insertText
            if (!item.insertText.startsWith(typedSinceRangeStart)) return null
            return item.insertText.substring(typedSinceRangeStart.length).ifEmpty { null }
        }
    }
}

/** What the settings say about Redline's completion, as the provider reads them on the UI thread. */
data class CompletionSettings(val enabled: Boolean = true, val disabledLanguages: Set<String> = emptySet(), val afterAccept: Boolean = true) {
    companion object {
        fun of(state: RedlineSettingsState) =
            CompletionSettings(state.completionEnabled, languageList(state.completionDisabledLanguages), state.enableSubsequentCompletions)

        /** The ids a language-list setting names: separated by commas or spaces, lowercased (as the sidecar reads it). */
        fun languageList(value: String): Set<String> = value.split(Regex("[\\s,]+")).map { it.lowercase() }.filter { it.isNotEmpty() }.toSet()
    }
}

/**
 * Which inline-completion events Redline claims. The platform asks its providers in turn and takes the first
 * that is enabled (InlineCompletionHandler.getProvider: `extensions().firstOrNull { it.isEnabled(event) }`), so
 * a provider that claims an event it then answers with nothing hides the others (Full Line completion, other
 * plugins) for that event. Redline claims only what the sidecar would answer: typing, explicit invocation, and
 * the event after one of its suggestions was accepted when "offer the next completion after accepting one" is
 * on; in a document the sidecar mirrors, with completion on and its language not turned off, and not in the
 * middle of a word (the sidecar's mid-word rule: a letter, digit, `_` or `$` on both sides of the caret).
 */
object CompletionTriggers {
    enum class Trigger { TYPING, EXPLICIT, AFTER_ACCEPT, NEXT_EDIT, OTHER }

    /**
     * By the event's class name: the platform's event classes are final and named for what happened, and
     * matching the name keeps the plugin loadable on a platform that lacks a newer class. [redlineCall]: a
     * ManualCall marked as Redline's own, made for the ghost text of a next-edit suggestion (the platform asks
     * only the named provider on a ManualCall, WithSpecificProvider; another's is not Redline's to claim).
     */
    fun of(eventClassName: String, redlineCall: Boolean = false): Trigger = when (eventClassName) {
        "DocumentChange" -> Trigger.TYPING
        "DirectCall" -> Trigger.EXPLICIT
        "ManualCall" -> if (redlineCall) Trigger.NEXT_EDIT else Trigger.OTHER
        "SuggestionInserted" -> Trigger.AFTER_ACCEPT
        else -> Trigger.OTHER
    }

    /** [languageId]: the mirrored document's LSP language id, null when the sidecar does not mirror it. */
    fun enabled(trigger: Trigger, languageId: String?, midWord: Boolean, settings: CompletionSettings): Boolean {
        if (languageId == null || !settings.enabled || languageId.lowercase() in settings.disabledLanguages || midWord) return false
        return when (trigger) {
            Trigger.TYPING, Trigger.EXPLICIT -> true
            Trigger.AFTER_ACCEPT -> settings.afterAccept
            Trigger.NEXT_EDIT, Trigger.OTHER -> false
        }
    }

    /**
     * Whether Redline's provider claims [trigger]: what [enabled] says, and always the call made for a next
     * edit's ghost text, Redline's own ManualCall or, where that API is missing, the IDE's own explicit call
     * made meanwhile ([ghostCall]): the sidecar serves that ghost text whatever the completion settings.
     */
    fun claims(trigger: Trigger, languageId: String?, midWord: Boolean, settings: CompletionSettings, ghostCall: Boolean = false): Boolean =
        trigger == Trigger.NEXT_EDIT || (trigger == Trigger.EXPLICIT && ghostCall) || enabled(trigger, languageId, midWord, settings)

    /** The sidecar's mid-word rule, on the characters before and after the caret (null at a line's edge). */
    fun midWord(before: Char?, after: Char?): Boolean = isWord(before) && isWord(after)

    private fun isWord(c: Char?) = c != null && (c.isLetterOrDigit() || c == '_' || c == '$')
}
