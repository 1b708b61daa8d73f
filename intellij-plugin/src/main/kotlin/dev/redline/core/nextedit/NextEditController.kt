package dev.redline.core.nextedit

import dev.redline.core.NextEditDisplay
import dev.redline.core.NextEditParams
import dev.redline.core.NextEditResult
import dev.redline.core.NextEditTrigger
import dev.redline.core.Position
import dev.redline.core.SessionState
import dev.redline.core.SessionView
import dev.redline.core.VersionedTextDocumentIdentifier
import java.util.concurrent.CompletableFuture

/** What a next-edit suggestion needs from the IDE beyond the sessions' marks. */
interface NextEditPlatform {
    /**
     * The sidecar holds ghost text for the caret of [uri]: have the IDE's inline completion ask Redline's
     * provider for it (a ManualCall, experimental API). False when this platform lacks that call.
     */
    fun showGhost(uri: String): Boolean

    /** The IDE's own explicit call of inline completion (CallInlineCompletionAction) in the editor showing [uri]. */
    fun callInlineCompletion(uri: String) {}

    /** Shows [text] after [line] of [uri]; a null line takes the hint away. */
    fun hint(uri: String, line: Int?, text: String)

    /** The caret and the lines on screen in the editor showing [uri]; null when none shows it. */
    fun keyContext(uri: String): KeyContext?

    companion object {
        val NONE = object : NextEditPlatform {
            override fun showGhost(uri: String) = true
            override fun hint(uri: String, line: Int?, text: String) {}
            override fun keyContext(uri: String): KeyContext? = null
        }
    }
}

/**
 * Next-edit suggestions in the IDE, on the UI thread. After each change the user makes (the core
 * leaves out the renders' own edits and the adapter undo and redo) a `redline/nextEdit` request goes
 * out for where the change ended when the setting is on; the request before it is cancelled, and
 * the sidecar waits for the typing to settle. A ghost answer is shown by the IDE's inline
 * completion; a proposal is a session like any other (its renders and statuses go through the
 * session registry, its undo rules are the inline edit's), and while its hunk is complete Tab and
 * Esc belong to it ([NextEditKeys]). An accepted hunk is followed by a request for the next.
 */
class NextEditController(
    /** Sends the request to the running sidecar; null when none is up (nothing is asked then). */
    private val request: (NextEditParams) -> CompletableFuture<NextEditResult>?,
    private val settle: (sessionId: String, accept: Boolean) -> CompletableFuture<*>,
    private val sessions: (uri: String) -> List<SessionView>,
    private val version: (uri: String) -> Int?,
    private val enabled: () -> Boolean,
    private val platform: NextEditPlatform,
    private val onUi: (() -> Unit) -> Unit,
) {
    /** The session showing each document's suggestion. */
    private val shown = HashMap<String, String>()
    private val asking = HashMap<String, CompletableFuture<NextEditResult>>()

    /** The document whose next-edit ghost text the IDE's own inline-completion call is asking for right now, if any. */
    private var ghostCall: String? = null

    /** Whether the explicit inline-completion call running now in [uri] was made for its next-edit ghost text. */
    fun ghostCall(uri: String): Boolean = ghostCall == uri

    /** The user changed [uri]; [at] is where the change ended. */
    fun userChanged(uri: String, at: Position) {
        if (enabled()) ask(uri, at, NextEditTrigger.AUTOMATIC)
    }

    /** The user asked for a suggestion at [at]. */
    fun invoke(uri: String, at: Position) = ask(uri, at, NextEditTrigger.INVOKED)

    /** The hunk Tab and Esc act on: the shown session's first hunk, once its proposal is complete. */
    fun shownHunk(uri: String): ShownHunk? {
        val id = shown[uri] ?: return null
        val session = sessions(uri).firstOrNull { it.id == id && it.state == SessionState.DONE } ?: return null
        val hunk = session.hunks.firstOrNull() ?: return null
        return ShownHunk(id, hunk.start, hunk.end)
    }

    /** Tab in [uri]: the decision, carried out here for an accept (the adapter moves the caret for a jump and runs the key's own action when it steps aside). */
    fun tab(uri: String, context: KeyContext, caret: Position): TabAction {
        val action = NextEditKeys.tab(shownHunk(uri), context)
        if (action is TabAction.Accept) {
            settle(action.sessionId, true).thenRun { onUi { invoke(uri, caret) } }
        }
        return action
    }

    fun escape(uri: String, context: KeyContext): EscAction {
        val action = NextEditKeys.escape(shownHunk(uri), context)
        if (action is EscAction.Dismiss) settle(action.sessionId, false)
        return action
    }

    /** A session's status changed: the hint follows the shown hunk, and goes with its session. */
    fun statusChanged(uri: String, sessionId: String, state: String) {
        if (shown[uri] != sessionId) return
        if (state in SessionState.TERMINAL) shown.remove(uri)
        refreshHint(uri)
    }

    private fun ask(uri: String, at: Position, trigger: String) {
        asking.remove(uri)?.cancel(true)
        val current = version(uri) ?: return
        val future = request(NextEditParams(VersionedTextDocumentIdentifier(uri, current), at, trigger)) ?: return
        asking[uri] = future
        future.thenAccept { result -> onUi { if (asking[uri] === future) received(uri, future, result) } }
    }

    private fun received(uri: String, future: CompletableFuture<NextEditResult>, result: NextEditResult) {
        asking.remove(uri, future)
        val suggestion = result.suggestion ?: return
        when (suggestion.display) {
            NextEditDisplay.GHOST -> if (!platform.showGhost(uri)) askForGhost(uri)
            NextEditDisplay.PROPOSAL -> suggestion.sessionId?.let {
                shown[uri] = it
                refreshHint(uri)
            }
        }
    }

    /** Without Redline's own call, the IDE's: its provider is asked synchronously, and claims the call for this document meanwhile. */
    private fun askForGhost(uri: String) {
        ghostCall = uri
        try {
            platform.callInlineCompletion(uri)
        } finally {
            ghostCall = null
        }
    }

    private fun refreshHint(uri: String) {
        val hunk = shownHunk(uri)
        platform.hint(uri, hunk?.let { maxOf(it.start, it.end - 1) }, hunk?.let { NextEditKeys.hint(it, platform.keyContext(uri)) } ?: NextEditKeys.HINT)
    }
}
