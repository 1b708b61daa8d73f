/**
 * Redline's own methods, under the `redline/` prefix: inline-edit sessions, the render
 * request the sidecar sends to clients, and the completion events LSP has no words for.
 */
import type { Diagnostic, InlineCompletionItem, Position, Range, TextDocumentIdentifier, TextEdit, uinteger, VersionedTextDocumentIdentifier } from './lsp.js';

/**
 * What an inline edit may change: `selection` — the selected lines only (widened to whole lines, or
 * to the enclosing syntax node); `file` — any part of the same file the change needs (an import, a
 * field, a neighbouring helper), with the selection still naming what the instruction is about.
 */
export type EditScope = 'selection' | 'file';

/**
 * How the model is asked to return its change: `replacement` — the new text of the selection;
 * `searchReplace` — SEARCH/REPLACE blocks located by text; `structured` — JSON edits
 * (files → edits → oldText/newText) under a JSON Schema the server enforces; `wholeFile` — the
 * complete new file; `auto` — picked by scope and file size. The `editFormat` setting's choices.
 */
export type EditFormatChoice = 'auto' | 'replacement' | 'searchReplace' | 'structured' | 'wholeFile';

/** A format the model is asked for: a choice with `auto` resolved. */
export type EditFormat = Exclude<EditFormatChoice, 'auto'>;

/** redline/inlineEdit/start: rewrite `range` (widened to whole lines, or to the enclosing syntax node when empty). */
export interface InlineEditStartParams {
  /** The version the client's document had when the user asked; a different mirror version is refused as stale. */
  textDocument: VersionedTextDocumentIdentifier;
  range: Range;
  instruction: string;
  /** Overrides the `editScope` setting for this request. */
  scope?: EditScope;
  /** Overrides the `editFormat` setting for this request (`auto` picks by scope and file size). */
  editFormat?: EditFormatChoice;
  /** What the client knows about the code that the sidecar cannot see for itself. */
  context?: InlineEditContext;
}

/** Context a client adds to an inline edit; every field is optional. */
export interface InlineEditContext {
  /**
   * The current diagnostics of the range (or of the whole document: the sidecar keeps those that
   * touch the editable scope), at the request's version. The most severe go to the model first.
   */
  diagnostics?: Diagnostic[];
}

export interface InlineEditStartResult {
  sessionId: string;
  /** The selection the sidecar settled on, in whole lines: what the instruction is about. */
  range: Range;
  /** True when the range touched a pending proposal: the same session is re-edited. */
  reEdit: boolean;
  /** The scope in effect: what the request or the setting asked for, or `selection` where the format cannot reach further (`replacement`). */
  scope: EditScope;
  /** The format the model is asked for, `auto` resolved. */
  editFormat: EditFormat;
}

/** redline/snippet/apply: show a code block (e.g. from chat) as a proposal through the same region. */
export interface SnippetApplyParams {
  textDocument: VersionedTextDocumentIdentifier;
  /** The code block, or the whole chat answer around it: the sidecar takes the block out of the answer. */
  snippet: string;
  /** With a non-empty selection the snippet replaces it; otherwise it is located in the file. */
  selection: Range;
}

export interface SessionParams {
  sessionId: string;
}

/** redline/inlineEdit/accept and redline/inlineEdit/reject. */
export interface SettleParams {
  sessionId: string;
  /** Any line of one hunk in the current document; absent = every hunk. */
  line?: uinteger;
}

export interface SettleResult {
  /** Hunks still pending after this call; 0 means the session has ended. */
  remainingHunks: uinteger;
}

/** Terminal states end the session: the client removes every mark it still has for it. */
export type SessionState =
  | 'streaming'
  | 'done'
  | 'noChanges'
  | 'error'
  | 'broken'
  | 'cancelled'
  | 'accepted'
  | 'rejected';

export const TERMINAL_STATES: readonly SessionState[] = ['noChanges', 'error', 'broken', 'cancelled', 'accepted', 'rejected'];

/**
 * What a warning is about. Refused (never applied): `outOfScope` (outside the editable scope, or
 * another file), `notFound` (a SEARCH / oldText that is not in the file), `ambiguous` (text found
 * in several places), `overlap` (two edits of the same lines), `stale` (the user changed the text
 * an edit replaces while the reply streamed), `malformed` (a block or edit that cannot be read).
 * Flagged (shown, the user decides): `syntax` (a syntax error the original did not have),
 * `largeDeletion` (more than `largeDeletionLines` lines removed outside the selection),
 * `lineRange` (an edit's line numbers disagree with where its text is; the text wins),
 * `unknownName` (an added line uses a name that is not declared, imported or built in; with a `fix`
 * when the workspace declares it once), `addedImport` (the sidecar added that import itself, as a
 * hunk of its own: file scope), `repaired` (the first reply had syntax errors or unknown names, and
 * this proposal is the model's second reply, asked to fix them), `editorProblem` (the editor's own
 * analysis of an in-memory copy finds a problem on an added line that the original did not have;
 * with a `fix` when the editor offers one that fits).
 */
export type EditWarningKind =
  | 'outOfScope'
  | 'notFound'
  | 'ambiguous'
  | 'overlap'
  | 'stale'
  | 'malformed'
  | 'syntax'
  | 'largeDeletion'
  | 'lineRange'
  | 'unknownName'
  | 'addedImport'
  | 'repaired'
  | 'editorProblem';

/** A finding about a proposal, for the client to show next to it. */
export interface EditWarning {
  kind: EditWarningKind;
  message: string;
  /** The document line it concerns, as of this status; null when it has none (e.g. a refused edit of another file). */
  line: number | null;
  /** Where on `line` it lies (an unknown name's first use there); absent: the whole line. */
  range?: Range;
  /** A change that resolves it, which the client may offer (an `unknownName`'s import outside the selection, an `editorProblem`'s quick fix). */
  fix?: WarningFix;
}

/** Edits of the document as it is at this status (the proposal painted), applied by the client as one change. */
export interface WarningFix {
  /** What the fix does, for a button or menu item: "Add import { returnPolicy } from "@/returns/returnPolicy"". */
  title: string;
  edits: TextEdit[];
}

/** redline/inlineEdit/status, sidecar → client. */
export interface SessionStatusParams {
  sessionId: string;
  uri: string;
  state: SessionState;
  /** Human-readable: the model server's error, why the region broke, … */
  message?: string;
  hunkCount: uinteger;
  /** Every finding so far about the proposal (the whole list each time); absent when there is none. */
  warnings?: EditWarning[];
  /** What the client offers with an `error`, next to its message; absent for every other state. */
  actions?: StatusAction[];
}

/**
 * `retry`: run the same instruction over the same range again (the model request failed, and asking
 * again may succeed once the cause is gone); `showLog`: open the log, whose lines say more.
 */
export type StatusAction = 'retry' | 'showLog';

/** The two sides of a change: the original's removed (red) lines and the proposal's added (green) ones. */
export type ChangedLineKind = 'removed' | 'added';

/**
 * A marked line. `unreached` only while a reply streams: an original line below the stream's head
 * that the reply has not reached yet, shown neutral (dimmed); once the stream passes it, it turns
 * `removed` or unmarked context. It is an original line: rejecting keeps it.
 */
export type DiffLineKind = 'removed' | 'added' | 'unreached';

/** Consecutive document lines of one kind. */
export interface DiffLineRun {
  start: uinteger;
  count: uinteger;
  kind: DiffLineKind;
}

/** A changed word inside a paired removed/added line: UTF-16 offsets within `line`. */
export interface WordSpan {
  line: uinteger;
  start: uinteger;
  end: uinteger;
  kind: ChangedLineKind;
}

/**
 * What separates a removed line from the added line it pairs with when nothing but whitespace does:
 * `indentation` (only the leading whitespace differs, e.g. tabs → spaces, a block re-indented) or
 * `whitespace` (spaces inside or at the end of the line). A client shows it as a label such as
 * "indentation only"; the pair has no word spans.
 */
export type WhitespaceOnly = 'indentation' | 'whitespace';

/** A removed or added line whose pair differs from it only in whitespace. */
export interface WhitespaceMark {
  line: uinteger;
  kind: ChangedLineKind;
  change: WhitespaceOnly;
}

/**
 * The marks of one session after a render, in absolute document lines, from line `from` down: they
 * replace every mark of the session on lines ≥ `from`. Marks above `from` stay as they are — no edit
 * of the render touches them and `from` never falls inside a hunk — so a streaming render repaints
 * only the bottom of the picture.
 */
export interface RenderDecorations {
  from: uinteger;
  runs: DiffLineRun[];
  words: WordSpan[];
  /** Lines whose change is whitespace only (both lines of each such pair). */
  whitespace: WhitespaceMark[];
  /** The unfinished last line of a streaming reply, or null. */
  streamingLine: number | null;
}

/**
 * A run of neighbouring removed and added lines (in the order the picture shows them: removed first
 * in a settled diff, wherever the stream put them after a stream). `end` is exclusive. Unreached
 * lines belong to no hunk.
 */
export interface Hunk {
  start: uinteger;
  end: uinteger;
  removed: uinteger;
  added: uinteger;
  /** Present when every line of the hunk pairs with one that differs from it only in whitespace. */
  whitespaceOnly?: WhitespaceOnly;
}

/**
 * Undo-group markers. The first render of a session opens the group; the edit that ends the
 * session (accept, reject, cancel, error, broken) closes it. A client maps the group to one undo step.
 */
export interface UndoMarker {
  group: string;
  open: boolean;
  close: boolean;
}

/**
 * redline/applyRender, sidecar → client (like LSP workspace/applyEdit). The client applies `edits`
 * only if its document is at `version`; edits are non-overlapping, in document order, and every
 * range refers to the document at `version` (LSP TextEdit[] semantics).
 */
export interface RenderParams {
  sessionId: string;
  uri: string;
  version: uinteger;
  edits: TextEdit[];
  decorations: RenderDecorations;
  /** The session's hunks starting at or after `decorations.from`; those above are unchanged. */
  hunks: Hunk[];
  undo: UndoMarker;
  /**
   * True on every render of a next-edit hunk's session (absent for an inline edit or a code block): the client
   * knows what the session is from its first render, which may come before the redline/nextEdit answer naming it.
   */
  nextEdit?: boolean;
}

/**
 * `applied: true` with the document's version after the edits; `applied: false` (stale) with the
 * version the client has. The client must answer before handling any further user input, and its
 * didChange notifications for the render (if its listener sends them) must precede the answer:
 * the sidecar counts versions up to the answered one as its own (see shared-protocol/README.md, "Own edits").
 */
export interface RenderResult {
  applied: boolean;
  version: uinteger;
}

/** redline/documentText, sidecar → client: the mirror is in doubt, so it asks for the client's copy. */
export interface DocumentTextParams {
  uri: string;
}

/**
 * The document's whole text and version as the client has them now. The client's didChange
 * notifications sent before this answer are taken as included in it; those after it build on it.
 */
export interface DocumentTextResult {
  version: uinteger;
  text: string;
}

/**
 * redline/formatText, sidecar → client: format a would-be copy of a document with the editor's own
 * formatter, in memory, never in the user's document. The sidecar takes only the lines the proposal
 * changed from the answer (see shared-protocol/README.md, "Checked by the editor").
 */
export interface FormatTextParams {
  /** The document the copy is a would-be version of: the client takes its indentation and code style from it. */
  uri: string;
  languageId: string;
  /** The whole document as the proposal would leave it. */
  text: string;
  /** The lines of `text` the proposal changed (whole lines): a formatter that formats ranges may keep to them. */
  ranges: Range[];
  /** How long the sidecar waits for the answer; then it cancels the request and shows the proposal as it is. */
  budgetMs: uinteger;
}

export interface FormatTextResult {
  /** The formatted copy; absent when it was not formatted (then `reason` says why: no formatter for the language, the formatter failed). */
  text?: string;
  reason?: string;
}

/**
 * redline/diagnoseText, sidecar → client: the problems the editor's own analysis finds in two
 * in-memory copies of a document, the original and the proposal, analysed alike (same language,
 * same place), so the sidecar can tell which problems the proposal adds.
 */
export interface DiagnoseTextParams {
  /** The document the copies are versions of. */
  uri: string;
  languageId: string;
  /** The document without the proposal. */
  before: string;
  /** The document as the proposal would leave it. */
  after: string;
  /** The lines of `after` the proposal changed: only problems there are used, so a client may look for fixes there only. */
  ranges: Range[];
  /** As for redline/formatText. */
  budgetMs: uinteger;
}

/** A problem in the `after` copy, with the fixes the editor offers for it (edits of that copy), preferred first. */
export interface CopyProblem extends Diagnostic {
  fixes?: WarningFix[];
}

export interface CopyProblems {
  before: Diagnostic[];
  after: CopyProblem[];
}

export interface DiagnoseTextResult {
  /** Absent when the copies were not analysed (then `reason` says why). */
  problems?: CopyProblems;
  reason?: string;
}

/** redline/completion/selectionChanged: the caret or selection moved; in-flight completion work stops. */
export interface SelectionChangedParams {
  textDocument: TextDocumentIdentifier;
  position: Position;
}

/** redline/completion/shown: the client displayed this item as ghost text. */
export interface CompletionShownParams {
  textDocument: TextDocumentIdentifier;
  position: Position;
  item: InlineCompletionItem;
}

/** redline/completion/accepted: the whole shown item was inserted. */
export interface CompletionAcceptedParams {
  textDocument: TextDocumentIdentifier;
}

/** redline/completion/partiallyAccepted: a word or line of the shown item was inserted. */
export interface CompletionPartiallyAcceptedParams {
  textDocument: TextDocumentIdentifier;
  /** UTF-16 code units of the item accepted so far. */
  acceptedLength: uinteger;
}

/**
 * `automatic`: sent after the user's edit; the sidecar waits for the edit to settle (`debounceWait`),
 * and the next request or keystroke in the document supersedes it. `invoked`: on demand, at once.
 */
export type NextEditTrigger = 'automatic' | 'invoked';

/** redline/nextEdit: predict the user's next edit around `position` from their recent edits. */
export interface NextEditParams {
  /** The version the client's document has; a different mirror version is refused as stale. */
  textDocument: VersionedTextDocumentIdentifier;
  position: Position;
  trigger: NextEditTrigger;
}

/**
 * How a suggestion is shown: `ghost` — an insertion at the caret, through the inline-completion path
 * (ask `textDocument/inlineCompletion` at the caret: it answers with `item`); `proposal` — one hunk at a
 * time as an inline-edit session (`sessionId`: renders, statuses, accept and reject as for any session),
 * the nearest first; after one is accepted, the next `redline/nextEdit` request shows the next.
 */
export type NextEditDisplay = 'ghost' | 'proposal';

export interface NextEditSuggestion {
  /** The document version the hunks' ranges refer to (the request's). */
  version: uinteger;
  /** The whole suggestion: whole lines replaced by new ones, nearest to the cursor first. */
  hunks: TextEdit[];
  display: NextEditDisplay;
  /** `ghost`: the completion the caret gets. */
  item?: InlineCompletionItem;
  /** `proposal`: the session that shows the first hunk. */
  sessionId?: string;
  /**
   * `proposal`: where the caret goes once that hunk is accepted — where its new text ends — in the
   * document as the accept leaves it; the next request looks there.
   */
  caret?: Position;
}

export interface NextEditResult {
  /** Null: nothing to suggest (or superseded, or turned off). */
  suggestion: NextEditSuggestion | null;
}

/**
 * Error codes of the sidecar's answers: JSON-RPC's and LSP's where they mean the same thing, and
 * Redline's own outside the ranges both reserve (JSON-RPC -32768 to -32000, LSP -32899 to -32800).
 */
export const ErrorCodes = {
  /** The frame could not be read (its id is null unless the body showed one). */
  ParseError: -32700,
  /** Not a usable JSON-RPC request, or not allowed now (a second initialize, anything after shutdown). */
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** LSP: a request before initialize. */
  ServerNotInitialized: -32002,
  RequestCancelled: -32800,
  /** The document changed: the request's version is not the mirror's. */
  ContentModified: -32801,
  /** Redline: the document is not open in the sidecar. */
  UnknownDocument: -31001,
  /** Redline: no such inline-edit session (it may have ended). */
  UnknownSession: -31002,
  /** Redline: a snippet whose elisions or lines could not be matched to the file: nothing was applied. */
  SnippetNotPlaced: -31003,
} as const;
