/*
 * The protocol's types, mirroring shared-protocol/src/lsp.ts and redline.ts. ProtocolSchemaTest checks
 * every class here against shared-protocol/protocol.json, so names and optionality cannot drift.
 *
 * Every constructor parameter has a default: Gson builds objects through the no-arg constructor Kotlin
 * then generates, so a field missing from the JSON keeps its default instead of becoming a null in a
 * non-null property. Optional TypeScript fields are nullable and default to null (Gson omits nulls).
 * String unions stay Strings (see the constants objects): a Kotlin enum would need Gson adapters.
 */
package dev.redline.core

import com.google.gson.JsonPrimitive

data class Position(val line: Int = 0, val character: Int = 0)

data class Range(val start: Position = Position(), val end: Position = Position())

data class TextEdit(val range: Range = Range(), val newText: String = "")

data class TextDocumentIdentifier(val uri: String = "")

data class VersionedTextDocumentIdentifier(val uri: String = "", val version: Int = 0)

data class TextDocumentItem(val uri: String = "", val languageId: String = "", val version: Int = 0, val text: String = "")

data class DidOpenTextDocumentParams(val textDocument: TextDocumentItem = TextDocumentItem())

/** Incremental change, or a whole-document replacement when [range] is null. */
data class TextDocumentContentChangeEvent(val range: Range? = null, val text: String = "")

/** [checksum]: FNV-1a 32 of the whole text after the changes (shared-protocol/README.md, "Document sync self-check"). */
data class DidChangeTextDocumentParams(
    val textDocument: VersionedTextDocumentIdentifier = VersionedTextDocumentIdentifier(),
    val contentChanges: List<TextDocumentContentChangeEvent> = emptyList(),
    val checksum: Long? = null,
)

data class DidCloseTextDocumentParams(val textDocument: TextDocumentIdentifier = TextDocumentIdentifier())

/** The file on disk now has the document's text: the sidecar's workspace index reads it again. */
data class DidSaveTextDocumentParams(val textDocument: TextDocumentIdentifier = TextDocumentIdentifier())

/** [type] as LSP's FileChangeType: 1 created, 2 changed, 3 deleted. */
data class FileEvent(val uri: String = "", val type: Int = 2)

data class DidChangeWatchedFilesParams(val changes: List<FileEvent> = emptyList())

data class ClientInfo(val name: String = "", val version: String? = null)

/** What the client answers besides the protocol's core: renders, and the checks of a proposal on in-memory copies. */
data class ClientCapabilities(val redlineRender: Boolean? = null, val redlineFormatText: Boolean? = null, val redlineDiagnoseText: Boolean? = null)

data class WorkspaceFolder(val uri: String = "", val name: String = "")

data class DidChangeWorkspaceFoldersParams(val event: WorkspaceFoldersChangeEvent = WorkspaceFoldersChangeEvent())

data class WorkspaceFoldersChangeEvent(val added: List<WorkspaceFolder> = emptyList(), val removed: List<WorkspaceFolder> = emptyList())

data class InitializeParams(
    val processId: Long? = null,
    val clientInfo: ClientInfo? = null,
    val initializationOptions: RedlineSettingsPatch? = null,
    val capabilities: ClientCapabilities = ClientCapabilities(),
    /** The project's content roots: the sidecar reads files from disk only inside them. */
    val workspaceFolders: List<WorkspaceFolder>? = null,
    val rootUri: String? = null,
)

data class ServerCapabilities(
    val textDocumentSync: Int = 2,
    val inlineCompletionProvider: Boolean = false,
    val redlineInlineEdit: Boolean = false,
    val workspace: ServerWorkspaceCapabilities = ServerWorkspaceCapabilities(),
)

data class ServerWorkspaceCapabilities(val workspaceFolders: WorkspaceFoldersServerCapabilities = WorkspaceFoldersServerCapabilities())

data class WorkspaceFoldersServerCapabilities(val supported: Boolean = false, val changeNotifications: Boolean = false)

data class ServerInfo(val name: String = "", val version: String = "")

data class InitializeResult(val capabilities: ServerCapabilities = ServerCapabilities(), val serverInfo: ServerInfo = ServerInfo())

class EmptyParams

class EmptyResult

data class LogMessageParams(val type: Int = 4, val message: String = "")

data class ConfigurationSettings(val redline: RedlineSettingsPatch? = null)

data class DidChangeConfigurationParams(val settings: ConfigurationSettings = ConfigurationSettings())

data class InlineCompletionContext(val triggerKind: Int = TriggerKind.AUTOMATIC, val selectedCompletionInfo: SelectedCompletionInfo? = null)

object TriggerKind {
    const val INVOKED = 1
    const val AUTOMATIC = 2
}

data class SelectedCompletionInfo(val range: Range = Range(), val text: String = "")

data class InlineCompletionParams(
    val textDocument: TextDocumentIdentifier = TextDocumentIdentifier(),
    val position: Position = Position(),
    val context: InlineCompletionContext = InlineCompletionContext(),
)

data class InlineCompletionItem(val insertText: String = "", val range: Range? = null)

data class InlineCompletionList(val items: List<InlineCompletionItem> = emptyList())

data class InlineEditStartParams(
    val textDocument: VersionedTextDocumentIdentifier = VersionedTextDocumentIdentifier(),
    val range: Range = Range(),
    val instruction: String = "",
    /** "selection" or "file"; null: the editScope setting. */
    val scope: String? = null,
    /** null: the editFormat setting. */
    val editFormat: String? = null,
    val context: InlineEditContext? = null,
)

data class InlineEditContext(val diagnostics: List<Diagnostic>? = null)

/** LSP Diagnostic. [code] is a string or a number in LSP, hence a JSON primitive. */
data class Diagnostic(
    val range: Range = Range(),
    val severity: Int? = null,
    val code: JsonPrimitive? = null,
    val codeDescription: CodeDescription? = null,
    val source: String? = null,
    val message: String = "",
    val tags: List<Int>? = null,
    val relatedInformation: List<DiagnosticRelatedInformation>? = null,
)

object DiagnosticSeverity {
    const val ERROR = 1
    const val WARNING = 2
    const val INFORMATION = 3
    const val HINT = 4
}

data class CodeDescription(val href: String = "")

data class Location(val uri: String = "", val range: Range = Range())

data class DiagnosticRelatedInformation(val location: Location = Location(), val message: String = "")

data class InlineEditStartResult(
    val sessionId: String = "",
    val range: Range = Range(),
    val reEdit: Boolean = false,
    val scope: String = "selection",
    val editFormat: String = "replacement",
)

data class SnippetApplyParams(
    val textDocument: VersionedTextDocumentIdentifier = VersionedTextDocumentIdentifier(),
    val snippet: String = "",
    val selection: Range = Range(),
)

data class SessionParams(val sessionId: String = "")

/** [line]: any line of one hunk; null settles every hunk. */
data class SettleParams(val sessionId: String = "", val line: Int? = null)

data class SettleResult(val remainingHunks: Int = 0)

object SessionState {
    const val STREAMING = "streaming"
    const val DONE = "done"
    const val CANCELLED = "cancelled"
    val TERMINAL = setOf("noChanges", "error", "broken", CANCELLED, "accepted", "rejected")
}

/** What the sidecar offers with an error (protocol.json's StatusAction). */
object StatusAction {
    /** The same instruction over the same range again: see [RedlineCore.retry]. */
    const val RETRY = "retry"
    const val SHOW_LOG = "showLog"
}

data class SessionStatusParams(
    val sessionId: String = "",
    val uri: String = "",
    val state: String = SessionState.STREAMING,
    val message: String? = null,
    val hunkCount: Int = 0,
    val warnings: List<EditWarning>? = null,
    /** What to offer with an error, as protocol.json's StatusAction: "retry", "showLog". */
    val actions: List<String>? = null,
)

/** A finding about a proposal (kind as in protocol.json's EditWarningKind); [line] null when it concerns no line. */
data class EditWarning(val kind: String = "", val message: String = "", val line: Int? = null, val fix: WarningFix? = null, val range: Range? = null)

/** A change that resolves a warning (an unknown name's import), edits of the document as it is at that status. */
data class WarningFix(val title: String = "", val edits: List<TextEdit> = emptyList())

object DiffLineKind {
    const val REMOVED = "removed"
    const val ADDED = "added"
    /** While streaming: an original line below the stream's head, not reached yet; shown dimmed, kept by a reject. */
    const val UNREACHED = "unreached"
}

/** What separates a pair of lines that differ only in whitespace. */
object WhitespaceOnly {
    const val INDENTATION = "indentation"
    const val WHITESPACE = "whitespace"
}

data class DiffLineRun(val start: Int = 0, val count: Int = 0, val kind: String = DiffLineKind.ADDED)

data class WordSpan(val line: Int = 0, val start: Int = 0, val end: Int = 0, val kind: String = DiffLineKind.ADDED)

/** A removed or added line whose pair differs from it only in whitespace ([change] is a WhitespaceOnly value). */
data class WhitespaceMark(val line: Int = 0, val kind: String = DiffLineKind.ADDED, val change: String = WhitespaceOnly.INDENTATION)

/** The session's marks on lines ≥ [from]; marks above it stay as they are. */
data class RenderDecorations(
    val from: Int = 0,
    val runs: List<DiffLineRun> = emptyList(),
    val words: List<WordSpan> = emptyList(),
    val whitespace: List<WhitespaceMark> = emptyList(),
    val streamingLine: Int? = null,
)

data class Hunk(val start: Int = 0, val end: Int = 0, val removed: Int = 0, val added: Int = 0, val whitespaceOnly: String? = null)

data class UndoMarker(val group: String = "", val open: Boolean = false, val close: Boolean = false)

data class RenderParams(
    val sessionId: String = "",
    val uri: String = "",
    val version: Int = 0,
    val edits: List<TextEdit> = emptyList(),
    val decorations: RenderDecorations = RenderDecorations(),
    val hunks: List<Hunk> = emptyList(),
    val undo: UndoMarker = UndoMarker(),
    /** True on every render of a next-edit hunk. */
    val nextEdit: Boolean? = null,
)

data class RenderResult(val applied: Boolean = false, val version: Int = 0)

/** redline/documentText: the sidecar's mirror is in doubt and asks for the client's copy. */
data class DocumentTextParams(val uri: String = "")

data class DocumentTextResult(val version: Int = 0, val text: String = "")

/** redline/formatText: format [text], a would-be copy of [uri], in memory; [ranges] are the proposal's lines. */
data class FormatTextParams(val uri: String = "", val languageId: String = "", val text: String = "", val ranges: List<Range> = emptyList(), val budgetMs: Int = 0)

/** [text] null (absent on the wire) when not formatted; then [reason] says why. */
data class FormatTextResult(val text: String? = null, val reason: String? = null)

/** redline/diagnoseText: the problems of two in-memory copies of [uri], the original ([before]) and the proposal ([after]). */
data class DiagnoseTextParams(
    val uri: String = "",
    val languageId: String = "",
    val before: String = "",
    val after: String = "",
    val ranges: List<Range> = emptyList(),
    val budgetMs: Int = 0,
)

/** A Diagnostic of the proposal's copy, with the IDE's fixes (edits of that copy). */
data class CopyProblem(
    val range: Range = Range(),
    val severity: Int? = null,
    val code: JsonPrimitive? = null,
    val codeDescription: CodeDescription? = null,
    val source: String? = null,
    val message: String = "",
    val tags: List<Int>? = null,
    val relatedInformation: List<DiagnosticRelatedInformation>? = null,
    val fixes: List<WarningFix>? = null,
)

data class CopyProblems(val before: List<Diagnostic> = emptyList(), val after: List<CopyProblem> = emptyList())

/** [problems] null (absent on the wire) when not analysed; then [reason] says why. */
data class DiagnoseTextResult(val problems: CopyProblems? = null, val reason: String? = null)

data class SelectionChangedParams(val textDocument: TextDocumentIdentifier = TextDocumentIdentifier(), val position: Position = Position())

data class CompletionShownParams(
    val textDocument: TextDocumentIdentifier = TextDocumentIdentifier(),
    val position: Position = Position(),
    val item: InlineCompletionItem = InlineCompletionItem(),
)

data class CompletionAcceptedParams(val textDocument: TextDocumentIdentifier = TextDocumentIdentifier())

data class CompletionPartiallyAcceptedParams(val textDocument: TextDocumentIdentifier = TextDocumentIdentifier(), val acceptedLength: Int = 0)

/** `automatic`: after the user's edit (the sidecar waits for it to settle); `invoked`: on demand. */
object NextEditTrigger {
    const val AUTOMATIC = "automatic"
    const val INVOKED = "invoked"
}

/** `ghost`: an insertion at the caret, served by textDocument/inlineCompletion; `proposal`: a hunk shown as a session. */
object NextEditDisplay {
    const val GHOST = "ghost"
    const val PROPOSAL = "proposal"
}

data class NextEditParams(
    val textDocument: VersionedTextDocumentIdentifier = VersionedTextDocumentIdentifier(),
    val position: Position = Position(),
    val trigger: String = NextEditTrigger.AUTOMATIC,
)

data class NextEditSuggestion(
    val version: Int = 0,
    val hunks: List<TextEdit> = emptyList(),
    val display: String = NextEditDisplay.PROPOSAL,
    val item: InlineCompletionItem? = null,
    val sessionId: String? = null,
    val caret: Position? = null,
)

data class NextEditResult(val suggestion: NextEditSuggestion? = null)
