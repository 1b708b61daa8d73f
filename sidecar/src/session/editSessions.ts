/**
 * The registry of inline-edit sessions: starts them (or re-edits a pending one), routes document
 * changes to every session of the document, and settles them on the client's word.
 */
import { ResponseError } from 'vscode-jsonrpc/node.js';
import {
  ErrorCodes,
  type InlineEditStartParams,
  type InlineEditStartResult,
  type Range,
  type RedlineSettings,
  type SessionState,
  type SessionStatusParams,
  type SnippetApplyParams,
  TERMINAL_STATES,
  type StatusAction,
} from '@redline/shared-protocol';
import { FAMILY, resolveFormat } from '../edit/formats/format.js';
import { snippetCode, type SnippetPlacement, type SnippetRequest } from '../edit/snippet/place.js';
import { Region } from '../region/region.js';
import type { DocumentStore, MirrorDocument } from '../server/documents.js';
import type { Logger } from '../server/log.js';
import { EditSession, type AskContext, type ModelStream, type SessionDeps, type SessionShape } from './editSession.js';
import type { RenderChannels } from './renderChannel.js';

export interface EditSessionsDeps {
  documents: DocumentStore;
  channels: RenderChannels;
  log: Logger;
  model: () => ModelStream;
  settings: () => Readonly<RedlineSettings>;
  /** The context of an instruction in this document (with the client's diagnostics), and the document's name for the prompt. */
  context(doc: MirrorDocument, params: InlineEditStartParams): AskContext;
  displayPath(uri: string): string;
  /** Whole lines [startLine, endLine) to edit for a selection (or a caret, when empty). */
  scope(doc: MirrorDocument, range: Range): Promise<{ startLine: number; endLine: number }>;
  /** Syntax error rows of a text; null when the language has no grammar. */
  syntaxErrors(languageId: string, text: string): Promise<number[] | null>;
  /** Where a code block goes in a document (by what it declares, else by its lines). */
  placeSnippet(request: SnippetRequest): Promise<SnippetPlacement>;
  missingNames: SessionDeps['missingNames'];
  checks: SessionDeps['checks'];
  status(params: SessionStatusParams): void;
}

/** A snippet is shown like a replacement of the lines it lands on. */
const SNIPPET_SHAPE: SessionShape = { format: 'replacement', scope: 'selection' };

export class EditSessions {
  private readonly sessions = new Map<string, EditSession>();
  private counter = 0;

  constructor(private readonly deps: EditSessionsDeps) {
    deps.documents.onChange((change) => {
      for (const session of this.of(change.uri)) session.track(change);
    });
    deps.documents.onClose((uri) => {
      for (const session of this.of(uri)) session.dispose();
      deps.channels.forget(uri);
    });
  }

  async start(params: InlineEditStartParams): Promise<InlineEditStartResult> {
    if (!params.instruction.trim()) throw new ResponseError(ErrorCodes.InvalidParams, 'The instruction is empty.');
    const doc = await this.current(params.textDocument.uri, params.textDocument.version);
    const selection = await this.deps.scope(doc, doc.buffer.clamp(params.range));
    const settings = this.deps.settings();
    const lineCount = doc.buffer.lineCount;
    const shape = resolveFormat(params.editFormat ?? settings.editFormat, params.scope ?? settings.editScope, lineCount);
    // The region is what the edit may change: the selection, or for a format that can reach further
    // in the file scope (and for a whole-file reply, which is diffed against the whole file) the file.
    const wholeFile = shape.format === 'wholeFile' || (shape.scope === 'file' && FAMILY[shape.format] === 'located');
    // The empty line after a final line break is no line of the file: it stays outside the region.
    const fileEnd = lineCount > 1 && doc.buffer.lineAt(lineCount - 1) === '' ? lineCount - 1 : lineCount;
    const region = wholeFile ? { startLine: 0, endLine: fileEnd } : selection;
    const instruction = { text: params.instruction, model: this.deps.model(), fileName: this.deps.displayPath(doc.uri), selection, context: this.deps.context(doc, params) };
    const pending = this.overlapping(doc.uri, region.startLine, region.endLine);
    if (pending) {
      pending.ask(instruction);
      return { sessionId: pending.id, range: linesRange(selection.startLine, selection.endLine), reEdit: true, ...pending.shape, editFormat: pending.shape.format };
    }
    const session = this.create(doc, Region.ofLines(region.startLine, region.endLine - region.startLine), shape);
    session.ask(instruction);
    return { sessionId: session.id, range: linesRange(selection.startLine, selection.endLine), reEdit: false, scope: shape.scope, editFormat: shape.format };
  }

  /**
   * A code block shown as a proposal. With a selection it replaces the selection (its elisions
   * expanded into the selection's lines); without one it goes where the file has its lines, each
   * elision expanded into the code it stands for, or at the cursor when it is new code. A block that
   * cannot be placed without guessing is refused with the reason.
   */
  async applySnippet(params: SnippetApplyParams): Promise<InlineEditStartResult> {
    const doc = await this.current(params.textDocument.uri, params.textDocument.version);
    // Clamped to the document: a selection past its end must not make region lines that do not exist.
    const { start, end } = doc.buffer.clamp(params.selection);
    const fileLines = doc.buffer.lines(0, doc.buffer.lineCount);
    const selected = start.line !== end.line || start.character !== end.character;
    const bounds = selected ? { start: start.line, end: end.character === 0 && end.line > start.line ? end.line : end.line + 1 } : undefined;
    const placed = await this.deps.placeSnippet({ languageId: doc.languageId, fileLines, snippet: params.snippet, ...(bounds ? { bounds } : {}) });
    let lines: { startLine: number; endLine: number };
    let text = snippetCode(params.snippet, fileLines.join('\n'), doc.languageId);
    let verbatim = false;
    if (placed.kind === 'placed') {
      lines = { startLine: placed.start, endLine: placed.end };
      text = placed.lines.join('\n') + (placed.end < doc.buffer.lineCount && placed.lines.length > 0 ? '\n' : '');
      verbatim = true;
    } else if (placed.kind === 'new') {
      lines = bounds ? { startLine: bounds.start, endLine: bounds.end } : { startLine: start.line, endLine: start.line };
    } else {
      throw new ResponseError(ErrorCodes.SnippetNotPlaced, `The code block was not applied: ${placed.reason}.`);
    }
    if (this.overlapping(doc.uri, lines.startLine, lines.endLine)) {
      throw new ResponseError(ErrorCodes.InvalidParams, 'A proposal is already pending there: accept or reject it first.');
    }
    const session = this.create(doc, Region.ofLines(lines.startLine, lines.endLine - lines.startLine), SNIPPET_SHAPE);
    session.propose(text, verbatim);
    return { sessionId: session.id, range: linesRange(lines.startLine, lines.endLine), reEdit: false, scope: 'selection', editFormat: 'replacement' };
  }

  /**
   * Whole lines [startLine, endLine) of the current document shown as replaced by `lines`, like an
   * applied snippet (a next-edit hunk), without the whole-document checks (a hunk is small, and it
   * should show as soon as the model has answered); `ended` hears the session's terminal state.
   */
  proposeLines(doc: MirrorDocument, startLine: number, endLine: number, lines: readonly string[], ended: (state: SessionState) => void): EditSession {
    const session = this.create(doc, Region.ofLines(startLine, endLine - startLine), SNIPPET_SHAPE, { ended });
    session.propose(lines.join('\n') + (endLine < doc.buffer.lineCount && lines.length > 0 ? '\n' : ''), true, false);
    return session;
  }

  cancel(sessionId: string): Promise<void> {
    return this.get(sessionId).cancel();
  }

  async settle(sessionId: string, accept: boolean, line?: number): Promise<number> {
    try {
      return await this.get(sessionId).settle(accept, line);
    } catch (err) {
      if (err instanceof ResponseError) throw err;
      throw new ResponseError(ErrorCodes.InvalidParams, (err as Error).message);
    }
  }

  /** Ends every session, e.g. on shutdown. */
  async cancelAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.cancel()));
  }

  /** `nextEdit`: the session shows a next-edit hunk (its renders say so) and `ended` hears its terminal state. */
  private create(doc: MirrorDocument, region: Region, shape: SessionShape, nextEdit?: { ended: (state: SessionState) => void }): EditSession {
    const id = `edit-${++this.counter}`;
    const session = new EditSession(id, doc, region, shape, nextEdit !== undefined, {
      channels: this.deps.channels,
      log: this.deps.log,
      status: (s, state: SessionState, message?: string, actions?: StatusAction[]) => {
        const warnings = s.warnings;
        this.deps.status({
          sessionId: s.id,
          uri: s.uri,
          state,
          ...(message ? { message } : {}),
          hunkCount: s.phase === 'ended' ? 0 : s.region.hunks().length,
          ...(warnings.length > 0 ? { warnings } : {}),
          ...(actions ? { actions } : {}),
        });
        if (TERMINAL_STATES.includes(state)) nextEdit?.ended(state);
      },
      onEnded: (s) => this.sessions.delete(s.id),
      syntaxErrors: this.deps.syntaxErrors,
      largeDeletionLines: () => this.deps.settings().largeDeletionLines,
      missingNames: this.deps.missingNames,
      repairEnabled: () => this.deps.settings().repairEnabled,
      checks: this.deps.checks,
    });
    this.sessions.set(id, session);
    return session;
  }

  private get(sessionId: string): EditSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new ResponseError(ErrorCodes.UnknownSession, `No inline-edit session ${sessionId} (it may have ended).`);
    return session;
  }

  /** The live session over those lines; one still closing there is refused: its last render is on its way. */
  private overlapping(uri: string, startLine: number, endLine: number): EditSession | undefined {
    const session = this.of(uri).find((s) => s.overlaps(startLine, endLine));
    if (session && !session.live) throw new ResponseError(ErrorCodes.ContentModified, 'The proposal there is still being closed; try again.');
    return session;
  }

  private of(uri: string): EditSession[] {
    return [...this.sessions.values()].filter((s) => s.uri === uri);
  }

  /**
   * The mirror once pending renders have settled, refused when the client's version differs. A
   * version ahead of the mirror is first waited for (bounded): the request overtook its didChange.
   */
  private async current(uri: string, version: number): Promise<MirrorDocument> {
    await this.deps.channels.idle(uri);
    await this.deps.channels.reached(uri, version);
    const doc = this.deps.documents.get(uri);
    if (!doc) throw new ResponseError(ErrorCodes.UnknownDocument, `The document ${uri} is not open in the sidecar (send textDocument/didOpen first).`);
    if (doc.version !== version) {
      throw new ResponseError(ErrorCodes.ContentModified, `The document changed since the request (request version ${version}, current ${doc.version}); try again.`);
    }
    return doc;
  }
}

function linesRange(startLine: number, endLine: number): Range {
  return { start: { line: startLine, character: 0 }, end: { line: endLine, character: 0 } };
}
