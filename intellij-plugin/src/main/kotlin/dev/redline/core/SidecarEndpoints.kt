/*
 * The method table as lsp4j endpoints. ProtocolSchemaTest reads these annotations and compares them
 * with protocol.json's `methods`: name, direction, kind, params and result types.
 * `$/cancelRequest` is absent on purpose: lsp4j sends it when a request's future is cancelled.
 */
package dev.redline.core

import org.eclipse.lsp4j.jsonrpc.services.JsonNotification
import org.eclipse.lsp4j.jsonrpc.services.JsonRequest
import java.util.concurrent.CompletableFuture

/** clientToServer: what the IDE sends to the sidecar. */
interface SidecarServer {
    @JsonRequest("initialize")
    fun initialize(params: InitializeParams): CompletableFuture<InitializeResult>

    @JsonNotification("initialized")
    fun initialized(params: EmptyParams)

    @JsonRequest("shutdown")
    fun shutdown(params: EmptyParams): CompletableFuture<EmptyResult>

    @JsonNotification("exit")
    fun exit(params: EmptyParams)

    @JsonNotification("textDocument/didOpen")
    fun didOpen(params: DidOpenTextDocumentParams)

    @JsonNotification("textDocument/didChange")
    fun didChange(params: DidChangeTextDocumentParams)

    @JsonNotification("textDocument/didClose")
    fun didClose(params: DidCloseTextDocumentParams)

    @JsonNotification("textDocument/didSave")
    fun didSave(params: DidSaveTextDocumentParams)

    @JsonNotification("workspace/didChangeWatchedFiles")
    fun didChangeWatchedFiles(params: DidChangeWatchedFilesParams)

    @JsonNotification("workspace/didChangeConfiguration")
    fun didChangeConfiguration(params: DidChangeConfigurationParams)

    @JsonNotification("workspace/didChangeWorkspaceFolders")
    fun didChangeWorkspaceFolders(params: DidChangeWorkspaceFoldersParams)

    @JsonRequest("textDocument/inlineCompletion")
    fun inlineCompletion(params: InlineCompletionParams): CompletableFuture<InlineCompletionList>

    @JsonNotification("redline/completion/selectionChanged")
    fun selectionChanged(params: SelectionChangedParams)

    @JsonNotification("redline/completion/shown")
    fun completionShown(params: CompletionShownParams)

    @JsonNotification("redline/completion/accepted")
    fun completionAccepted(params: CompletionAcceptedParams)

    @JsonNotification("redline/completion/partiallyAccepted")
    fun completionPartiallyAccepted(params: CompletionPartiallyAcceptedParams)

    @JsonRequest("redline/inlineEdit/start")
    fun inlineEditStart(params: InlineEditStartParams): CompletableFuture<InlineEditStartResult>

    @JsonRequest("redline/snippet/apply")
    fun snippetApply(params: SnippetApplyParams): CompletableFuture<InlineEditStartResult>

    @JsonRequest("redline/inlineEdit/cancel")
    fun inlineEditCancel(params: SessionParams): CompletableFuture<EmptyResult>

    @JsonRequest("redline/inlineEdit/accept")
    fun inlineEditAccept(params: SettleParams): CompletableFuture<SettleResult>

    @JsonRequest("redline/inlineEdit/reject")
    fun inlineEditReject(params: SettleParams): CompletableFuture<SettleResult>

    @JsonRequest("redline/nextEdit")
    fun nextEdit(params: NextEditParams): CompletableFuture<NextEditResult>
}

/** serverToClient: what the sidecar sends to the IDE. */
interface SidecarClient {
    @JsonRequest("redline/applyRender")
    fun applyRender(params: RenderParams): CompletableFuture<RenderResult>

    @JsonRequest("redline/documentText")
    fun documentText(params: DocumentTextParams): CompletableFuture<DocumentTextResult>

    @JsonRequest("redline/formatText")
    fun formatText(params: FormatTextParams): CompletableFuture<FormatTextResult>

    @JsonRequest("redline/diagnoseText")
    fun diagnoseText(params: DiagnoseTextParams): CompletableFuture<DiagnoseTextResult>

    @JsonNotification("window/logMessage")
    fun logMessage(params: LogMessageParams)

    @JsonNotification("redline/inlineEdit/status")
    fun sessionStatus(params: SessionStatusParams)
}
