package dev.redline.core

import java.util.concurrent.CompletableFuture
import java.util.concurrent.ScheduledExecutorService
import java.util.concurrent.TimeUnit

/**
 * Everything Redline does in the IDE, wired together; the adapter creates one per application.
 * It is the sidecar's client endpoint: renders and status changes hop to the UI thread in arrival order.
 */
class RedlineCore(
    spawn: () -> SidecarProcess,
    private val host: EditorHost,
    scheduler: ScheduledExecutorService,
    private val log: (String) -> Unit,
    private val settings: () -> RedlineSettingsPatch,
    private val clientVersion: String,
) : SidecarClient {
    val documents = DocumentSync { supervisor.currentConnection()?.server }
    val sessions = SessionRegistry(host, RenderApplier(documents::version))
    private val supervisor: SidecarSupervisor = SidecarSupervisor(
        spawn, this, scheduler, log,
        onStarted = ::handshake,
        onCrash = { message -> host.onUiThread { sessions.abandonAll(message) } },
    )
    val completion = CompletionBridge(supervisor::connection) { supervisor.currentConnection()?.server }

    private fun handshake(connection: SidecarConnection) {
        val params = InitializeParams(
            processId = ProcessHandle.current().pid(),
            clientInfo = ClientInfo("Redline for JetBrains IDEs", clientVersion),
            initializationOptions = settings(),
            capabilities = ClientCapabilities(redlineRender = true),
        )
        connection.request { it.initialize(params) }.get(HANDSHAKE_SECONDS, TimeUnit.SECONDS)
        connection.server.initialized(EmptyParams())
        // On the UI thread, where document events happen, so no event falls between a text and its version.
        val reopened = CompletableFuture<Unit>()
        host.onUiThread {
            try {
                reopened.complete(documents.reopenAll(connection.server) { host.buffer(it)?.text() })
            } catch (e: Exception) {
                reopened.completeExceptionally(e)
            }
        }
        reopened.get(HANDSHAKE_SECONDS, TimeUnit.SECONDS)
    }

    /** Not on the UI thread: it may start the sidecar. [range] is the selection; the document must be open. */
    fun startInlineEdit(uri: String, range: Range, instruction: String): CompletableFuture<InlineEditStartResult> {
        val connection = supervisor.connection()
        val version = documents.version(uri) ?: return CompletableFuture.failedFuture(IllegalStateException("$uri is not open"))
        return connection.request { it.inlineEditStart(InlineEditStartParams(VersionedTextDocumentIdentifier(uri, version), range, instruction)) }
    }

    fun cancel(sessionId: String): CompletableFuture<EmptyResult> =
        supervisor.connection().request { it.inlineEditCancel(SessionParams(sessionId)) }

    /** [line]: any line of the hunk to settle, or null for every hunk. */
    fun settle(sessionId: String, line: Int?, accept: Boolean): CompletableFuture<SettleResult> =
        supervisor.connection().request {
            if (accept) it.inlineEditAccept(SettleParams(sessionId, line)) else it.inlineEditReject(SettleParams(sessionId, line))
        }

    fun settingsChanged() {
        supervisor.currentConnection()?.server?.didChangeConfiguration(DidChangeConfigurationParams(ConfigurationSettings(settings())))
    }

    fun dispose() = supervisor.dispose()

    override fun applyRender(params: RenderParams): CompletableFuture<RenderResult> {
        val answer = CompletableFuture<RenderResult>()
        host.onUiThread {
            try {
                answer.complete(sessions.render(params))
            } catch (e: Exception) {
                answer.completeExceptionally(e)
            }
        }
        return answer
    }

    /** The document's text and version, read together on the UI thread. */
    override fun documentText(params: DocumentTextParams): CompletableFuture<DocumentTextResult> {
        val answer = CompletableFuture<DocumentTextResult>()
        host.onUiThread {
            val text = host.buffer(params.uri)?.text()
            val version = documents.version(params.uri)
            if (text == null || version == null) answer.completeExceptionally(IllegalStateException("${params.uri} is not open"))
            else answer.complete(DocumentTextResult(version, text))
        }
        return answer
    }

    override fun sessionStatus(params: SessionStatusParams) = host.onUiThread { sessions.status(params) }

    override fun logMessage(params: LogMessageParams) = log("[sidecar] ${params.message}")

    private companion object {
        const val HANDSHAKE_SECONDS = 20L
    }
}
