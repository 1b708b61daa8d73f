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
  type SessionState,
  type SessionStatusParams,
  type SnippetApplyParams,
} from '@redline/shared-protocol';
import { locateSnippet } from '../edit/snippet.js';
import { Region } from '../region/region.js';
import type { DocumentStore, MirrorDocument } from '../server/documents.js';
import type { Logger } from '../server/log.js';
import { EditSession, type AskContext, type ModelStream } from './editSession.js';
import type { RenderChannels } from './renderChannel.js';

export interface EditSessionsDeps {
  documents: DocumentStore;
  channels: RenderChannels;
  log: Logger;
  model: () => ModelStream;
  /** The context of an ask at those lines of the document (with the client's diagnostics). */
  context(doc: MirrorDocument, params: InlineEditStartParams): AskContext;
  /** Whole lines [startLine, endLine) to edit for a selection (or a caret, when empty). */
  scope(doc: MirrorDocument, range: Range): Promise<{ startLine: number; endLine: number }>;
  status(params: SessionStatusParams): void;
}

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
    const { startLine, endLine } = await this.deps.scope(doc, params.range);
    const context = this.deps.context(doc, params);
    const pending = this.overlapping(doc.uri, startLine, endLine);
    if (pending) {
      pending.ask(params.instruction, this.deps.model(), context);
      return { sessionId: pending.id, range: linesRange(pending.region.start, pending.region.end), reEdit: true };
    }
    const session = this.create(doc, Region.ofLines(startLine, endLine - startLine));
    session.ask(params.instruction, this.deps.model(), context);
    return { sessionId: session.id, range: linesRange(startLine, endLine), reEdit: false };
  }

  /** A code block shown as a proposal: it replaces the selection, or the stretch of the file it repeats. */
  async applySnippet(params: SnippetApplyParams): Promise<InlineEditStartResult> {
    const doc = await this.current(params.textDocument.uri, params.textDocument.version);
    const { start, end } = params.selection;
    let lines: { startLine: number; endLine: number };
    if (start.line !== end.line || start.character !== end.character) {
      lines = { startLine: start.line, endLine: end.character === 0 && end.line > start.line ? end.line : end.line + 1 };
    } else {
      const found = locateSnippet(doc.buffer.lines(0, doc.buffer.lineCount), params.snippet);
      lines = found ? { startLine: found.start, endLine: found.end } : { startLine: start.line, endLine: start.line };
    }
    if (this.overlapping(doc.uri, lines.startLine, lines.endLine)) {
      throw new ResponseError(ErrorCodes.InvalidParams, 'A proposal is already pending there: accept or reject it first.');
    }
    const session = this.create(doc, Region.ofLines(lines.startLine, lines.endLine - lines.startLine));
    session.propose(params.snippet);
    return { sessionId: session.id, range: linesRange(lines.startLine, lines.endLine), reEdit: false };
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

  private create(doc: MirrorDocument, region: Region): EditSession {
    const id = `edit-${++this.counter}`;
    const session = new EditSession(id, doc, region, {
      channels: this.deps.channels,
      log: this.deps.log,
      status: (s, state: SessionState, message?: string) =>
        this.deps.status({ sessionId: s.id, uri: s.uri, state, ...(message ? { message } : {}), hunkCount: s.phase === 'ended' ? 0 : s.region.hunks().length }),
      onEnded: (s) => this.sessions.delete(s.id),
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

  /** The mirror once pending renders have settled, refused when the client's version differs. */
  private async current(uri: string, version: number): Promise<MirrorDocument> {
    await this.deps.channels.idle(uri);
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
