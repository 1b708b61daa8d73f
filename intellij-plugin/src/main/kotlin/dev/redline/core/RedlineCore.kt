package dev.redline.core

import dev.redline.core.nextedit.NextEditController
import dev.redline.core.nextedit.NextEditPlatform
import java.util.concurrent.CompletableFuture
import java.util.concurrent.ScheduledExecutorService
import java.util.concurrent.TimeUnit

/**
 * Everything Redline does in the IDE, wired together; the adapter creates one per application.
 * It is the sidecar's client endpoint: renders and status changes hop to the UI thread in arrival order.
 *
 * Nothing here blocks its caller: requests return futures, document events only count and enqueue, and
 * the sidecar's start and handshake run on a thread of their own, reading documents under a read action
 * (never through the UI thread, so neither typing nor a modal dialog can hold a start up).
 */
class RedlineCore(
    spawn: () -> SidecarProcess,
    private val host: EditorHost,
    private val scheduler: ScheduledExecutorService,
    private val log: (String) -> Unit,
    private val settings: () -> RedlineSettingsPatch,
    private val clientVersion: String,
    /** The proxy the IDE uses for the model endpoint now; may do I/O, asked off the UI thread. */
    network: () -> ProxyPatch,
    private val clock: () -> Long = { System.nanoTime() / 1_000_000 },
    /** Whether next edits are asked for after the user's changes; read on the UI thread, so from the stored state, not [settings]. */
    nextEditEnabled: () -> Boolean = { false },
    nextEditPlatform: NextEditPlatform = NextEditPlatform.NONE,
    /** The IDE's formatter and analysis on in-memory copies, for the sidecar's checks of a proposal; null: none. */
    copyTools: CopyTools? = null,
) : SidecarClient {
    private val copies = copyTools?.let(::CopyChecks)

    val documents = DocumentSync()
    private val selections = SelectionKeeper()
    val sessions = SessionRegistry(host, RenderApplier(documents::version), { ids -> ids.forEach { id -> cancel(id).exceptionally { null } } }, clock) { id, uri, state ->
        selections.ended(id, state, host.buffer(uri)?.text())
    }
    private val supervisor: SidecarSupervisor = SidecarSupervisor(
        spawn,
        connect = { proc, onStall -> JsonRpcConnection(proc.stdout, proc.stdin, this, onStall) },
        schedule = { delay, task -> scheduler.schedule(task, delay, TimeUnit.MILLISECONDS) },
        log = log,
        handshake = ::handshake,
        onCrash = { message -> host.onUiThread { sessions.abandonAll(message) } },
        onClosed = { documents.detach(it.server) },
    )
    private val folders = WorkspaceFolderSync()
    private val proxy = ProxyWatch(network)
    private val proxyPoll = scheduler.scheduleWithFixedDelay(::proxyChanged, ProxyWatch.POLL_SECONDS, ProxyWatch.POLL_SECONDS, TimeUnit.SECONDS)
    val completion = CompletionBridge(supervisor::connection) { supervisor.currentConnection()?.server }
    val nextEdits = NextEditController(
        request = { params -> supervisor.currentConnection()?.request { it.nextEdit(params) } },
        settle = { id, accept -> settle(id, null, accept) },
        sessions = sessions::sessionsIn,
        version = documents::version,
        enabled = nextEditEnabled,
        platform = nextEditPlatform,
        onUi = host::onUiThread,
    )

    /** Renders being applied (UI thread): their document changes are the sidecar's, not the user's. */
    private var rendering = 0

    /** Set by the adapter from the stored settings (at start and on every apply); read by the provider's isEnabled. */
    @Volatile
    var completionSettings = CompletionSettings()

    private val saves = SaveHints()

    /** On the UI thread, trivially: whether Redline's completion answers [trigger] in [uri] ([CompletionTriggers]). */
    fun claimsCompletion(trigger: CompletionTriggers.Trigger, uri: String, midWord: Boolean): Boolean =
        CompletionTriggers.claims(trigger, documents.languageOf(uri), midWord, completionSettings, nextEdits.ghostCall(uri))

    /** A project (or the IDE) showing [uris] is closing; the platform's final save comes next ([SessionRegistry.closingBeforeSave]). */
    fun closingBeforeSave(uris: Set<String>) = sessions.closingBeforeSave(uris)

    /** A save of [uri] was asked for ([explicit]: by the user or a build, not autosave). See [SaveHints]. */
    fun saveDecision(uri: String, explicit: Boolean): SaveDecision = saves.decide(uri, sessions.sessionsIn(uri), explicit)

    /** On the supervisor's start thread; waits only for the sidecar's answer. */
    private fun handshake(connection: SidecarConnection) {
        val initialFolders = host.read { host.workspaceFolders() }
        val initial = settings().also(proxy::sent)
        val params = InitializeParams(
            processId = ProcessHandle.current().pid(),
            clientInfo = ClientInfo("Redline for JetBrains IDEs", clientVersion),
            initializationOptions = initial,
            capabilities = ClientCapabilities(redlineRender = true, redlineFormatText = copies != null, redlineDiagnoseText = copies != null),
            workspaceFolders = initialFolders.takeIf { it.isNotEmpty() },
        )
        connection.request { it.initialize(params) }.get(HANDSHAKE_SECONDS, TimeUnit.SECONDS)
        connection.server.initialized(EmptyParams())
        folders.attach(connection.server, initialFolders)
        // Folders that changed while the sidecar started; on the UI thread, where every later report comes from.
        host.onUiThread(::workspaceFoldersChanged)
        host.read { documents.attach(connection.server) { host.buffer(it)?.text() } }
    }

    /** An editor showing [uri] appeared: the document is mirrored (once) and every session painted into it. */
    fun editorOpened(view: EditorView, languageId: String, text: String) {
        documents.open(view.uri, languageId, text)
        sessions.editorOpened(view)
    }

    /**
     * On the UI thread (so reports reach the sidecar in the order the IDE's state changed): the IDE's
     * workspace folders may have changed, e.g. an editor of a newly opened project appeared.
     */
    fun workspaceFoldersChanged() = folders.update(host.read { host.workspaceFolders() })

    /** Files changed on disk (saves, a checkout, a refactoring's new files): the sidecar's index follows those in its folders. */
    fun filesChanged(changes: List<FileSystemChange>) = folders.filesChanged(changes)

    /** [lastForDocument]: no other editor shows the document, so its sessions end and the sidecar stops mirroring it. */
    fun editorReleased(view: EditorView, lastForDocument: Boolean) {
        sessions.editorReleased(view, lastForDocument)
        if (lastForDocument) documents.close(view.uri)
    }

    /**
     * One document event, in the write action that made it: counted, sent, and followed by the sessions'
     * records. [text]: the whole text after it, without a copy (read only when a checksum is due).
     * [undoOrRedo]: the platform is undoing or redoing; such a change asks for no next edit.
     */
    fun documentChanged(uri: String, start: Position, oldText: CharSequence, newText: String, undoOrRedo: Boolean = false, text: () -> CharSequence) {
        documents.changed(uri, start, oldText, newText, text)
        sessions.documentChanged(uri, TextChange(start, oldText.toString(), newText), undoOrRedo)
        if (rendering == 0 && !undoOrRedo) nextEdits.userChanged(uri, advance(start, newText))
    }

    /** What each session was asked, for [retry]: the latest few. */
    private val asked = object : LinkedHashMap<String, Asked>() {
        override fun removeEldestEntry(eldest: MutableMap.MutableEntry<String, Asked>) = size > ASKED_KEPT
    }

    private data class Asked(val uri: String, val range: Range, val instruction: String, val diagnostics: List<Diagnostic>)

    /**
     * [range] is the selection at [version], [diagnostics] the IDE's highlights there (see [Diagnostics]).
     * [view], the editor the instruction was given in, has its selection collapsed to the range's start
     * now that the instruction is captured. A document that changed before the sidecar was up to hear
     * the request makes it fail rather than edit lines the user no longer sees there.
     */
    fun startInlineEdit(uri: String, version: Int, range: Range, instruction: String, diagnostics: List<Diagnostic> = emptyList(), view: EditorView? = null): CompletableFuture<InlineEditStartResult> {
        val collapsed = view?.let { selections.collapse(it, range, host.buffer(uri)?.text()?.toString().orEmpty()) }
        return supervisor.connection().thenCompose { connection ->
            documents.versioned(uri) { current ->
                val context = if (diagnostics.isEmpty()) null else InlineEditContext(diagnostics)
                if (current != version) CompletableFuture.failedFuture(IllegalStateException("The document changed while Redline was starting; try again."))
                else connection.request { it.inlineEditStart(InlineEditStartParams(VersionedTextDocumentIdentifier(uri, version), range, instruction, context = context)) }
            } ?: CompletableFuture.failedFuture(IllegalStateException("$uri is not open"))
        }.thenApply { result ->
            synchronized(asked) { asked[result.sessionId] = Asked(uri, range, instruction, diagnostics) }
            collapsed?.keep(result.sessionId)
            result
        }.whenComplete { _, error -> if (error != null && collapsed != null) host.onUiThread { collapsed.failed(host.buffer(uri)?.text()) } }
    }

    /**
     * The instruction of session [sessionId] over the same range again (Retry after an error), at the
     * document's version now; null when the session was not started here or the document is closed.
     */
    fun retry(sessionId: String): CompletableFuture<InlineEditStartResult>? {
        val ask = synchronized(asked) { asked[sessionId] } ?: return null
        val version = documents.version(ask.uri) ?: return null
        return startInlineEdit(ask.uri, version, ask.range, ask.instruction, ask.diagnostics)
    }

    /** A render the session holds back ([UndoPacing]) goes at once: the cancellation's own render queues behind it. */
    fun cancel(sessionId: String): CompletableFuture<EmptyResult> {
        host.onUiThread {
            sessions.hurry(sessionId)
            held.remove(sessionId)?.invoke()
        }
        return supervisor.connection().thenCompose { c -> c.request { it.inlineEditCancel(SessionParams(sessionId)) } }
    }

    /** [line]: any line of the hunk to settle, or null for every hunk. */
    fun settle(sessionId: String, line: Int?, accept: Boolean): CompletableFuture<SettleResult> =
        supervisor.connection().thenCompose { c ->
            c.request { if (accept) it.inlineEditAccept(SettleParams(sessionId, line)) else it.inlineEditReject(SettleParams(sessionId, line)) }
        }

    /** Off the UI thread: [settings] reads the password safe. */
    fun settingsChanged() {
        val server = supervisor.currentConnection()?.server ?: return
        server.didChangeConfiguration(DidChangeConfigurationParams(ConfigurationSettings(settings().also(proxy::sent))))
    }

    /** On the scheduler: the IDE's proxy for the endpoint, sent when it changed; a restarted sidecar gets it with its settings. */
    fun proxyChanged() {
        val server = supervisor.currentConnection()?.server ?: return
        try {
            proxy.changed()?.let { server.didChangeConfiguration(DidChangeConfigurationParams(ConfigurationSettings(it))) }
        } catch (e: Exception) {
            // A failure must not end the scheduled checks: the next one asks again.
            log("the IDE's proxy settings could not be read: ${e.message}")
        }
    }

    fun dispose() {
        copies?.dispose()
        proxyPoll.cancel(false)
        supervisor.dispose()
    }

    /** Per session, the render it holds back and how to apply it now; touched on the UI thread only. */
    private val held = HashMap<String, () -> Unit>()

    /** On the UI thread; a render that would start one undo group too many waits its turn there ([UndoPacing]). */
    override fun applyRender(params: RenderParams): CompletableFuture<RenderResult> {
        val answer = CompletableFuture<RenderResult>()
        lateinit var attempt: () -> Unit
        attempt = {
            rendering++
            try {
                val wait = sessions.renderWait(params)
                if (wait > 0) {
                    held[params.sessionId] = attempt
                    scheduler.schedule({ host.onUiThread { if (held.remove(params.sessionId, attempt)) attempt() } }, wait, TimeUnit.MILLISECONDS)
                } else {
                    answer.complete(sessions.render(params))
                }
            } catch (e: Exception) {
                answer.completeExceptionally(e)
            } finally {
                rendering--
            }
        }
        host.onUiThread(attempt)
        return answer
    }

    /**
     * The sidecar's mirror drifted: the document's text and version, read together under a read action
     * (no edit between them; every didChange counted so far is already queued ahead of this answer).
     */
    override fun documentText(params: DocumentTextParams): CompletableFuture<DocumentTextResult> =
        CompletableFuture.supplyAsync {
            host.read {
                val text = host.buffer(params.uri)?.text()
                val version = documents.version(params.uri)
                if (text == null || version == null) throw IllegalStateException("${params.uri} is not open")
                DocumentTextResult(version, text)
            }
        }

    override fun formatText(params: FormatTextParams): CompletableFuture<FormatTextResult> =
        copies?.format(params) ?: CompletableFuture.completedFuture(FormatTextResult(reason = "this client has no formatter"))

    override fun diagnoseText(params: DiagnoseTextParams): CompletableFuture<DiagnoseTextResult> =
        copies?.diagnose(params) ?: CompletableFuture.completedFuture(DiagnoseTextResult(reason = "this client has no analysis"))

    override fun sessionStatus(params: SessionStatusParams) = host.onUiThread {
        sessions.status(params)
        nextEdits.statusChanged(params.uri, params.sessionId, params.state)
    }

    override fun logMessage(params: LogMessageParams) = log("[sidecar] ${params.message}")

    private companion object {
        const val HANDSHAKE_SECONDS = 20L
        const val ASKED_KEPT = 16
    }
}
