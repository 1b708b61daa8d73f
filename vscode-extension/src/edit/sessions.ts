/**
 * The inline-edit sessions this window shows: state, marks (as the sidecar last painted them), hunks,
 * whether the session's undo step is open, and the lines to take out should the sidecar die. A
 * session appears with its first render or status (a render can overtake the start request's
 * answer) and is forgotten at its terminal status; its late renders are still applied, never
 * bringing it back.
 */
import * as vscode from 'vscode';
import { TERMINAL_STATES, type RenderParams, type SessionState, type SessionStatusParams } from '@redline/shared-protocol';
import { repaint, type SessionMarks } from '@redline/client/src/renderedDocument.js';
import { shiftLine, type LineChange } from './marks';

export class Session {
  state: SessionState = 'streaming';
  marks: SessionMarks = { decorations: { from: 0, runs: [], words: [], whitespace: [], streamingLine: null }, hunks: [] };
  /** An edit of this session was applied and its undo step is still open. */
  undoOpen = false;
  /** The added lines and the streaming line, where the document has moved them since the last render. */
  proposalLines: number[] = [];
  /** The document's text before the session's first edit. */
  before: string | null = null;
  /** Renders that edited the document. */
  editCount = 0;
  /**
   * Something since the first edit may have closed VS Code's open undo step: a cursor move by key
   * or mouse (VS Code's navigation commands push an undo stop), the user's edit, a save.
   */
  undoSplit = false;
  /** Changes the user made during the session. */
  userEdits = 0;
  /** Settles once the edits that make a split session one undo step again are done (at once when none are needed). */
  merged: Promise<void> = Promise.resolve();

  constructor(
    readonly id: string,
    readonly uri: string,
  ) {}

  get pending(): boolean {
    return this.state === 'done';
  }
}

export interface SessionEnd {
  session: Session;
  state: SessionState;
  message?: string;
}

export class Sessions {
  private readonly live = new Map<string, Session>();
  private readonly ended = new Set<string>();
  private readonly changed = new vscode.EventEmitter<string>();
  private readonly endedEmitter = new vscode.EventEmitter<SessionEnd>();
  /** Fires with a document's uri whenever its sessions' marks or states change. */
  readonly onDidChange = this.changed.event;
  readonly onDidEnd = this.endedEmitter.event;

  /** The session a render belongs to; null for an ended one (its render is applied, nothing kept). */
  forRender(params: RenderParams): Session | null {
    return this.live.get(params.sessionId) ?? (this.ended.has(params.sessionId) ? null : this.open(params.sessionId, params.uri));
  }

  /** Marks after an applied render: replaced from `decorations.from` down; none once it closes. */
  rendered(session: Session | null, params: RenderParams, edited: boolean): void {
    if (!session) return;
    if (edited) session.undoOpen = !params.undo.close;
    session.marks = params.undo.close ? { decorations: { from: 0, runs: [], words: [], whitespace: [], streamingLine: null }, hunks: [] } : repaint(session.marks, params);
    const { runs, streamingLine } = session.marks.decorations;
    session.proposalLines = runs.filter((r) => r.kind === 'added').flatMap((r) => Array.from({ length: r.count }, (_, i) => r.start + i));
    if (streamingLine !== null && !session.proposalLines.includes(streamingLine)) session.proposalLines.push(streamingLine);
    this.changed.fire(session.uri);
  }

  status(params: SessionStatusParams): void {
    if (this.ended.has(params.sessionId)) return;
    const session = this.live.get(params.sessionId) ?? this.open(params.sessionId, params.uri);
    session.state = params.state;
    if (TERMINAL_STATES.includes(params.state)) this.end(session, params.state, params.message);
    else this.changed.fire(session.uri);
  }

  /** A change the sidecar has not answered yet with new marks: the lines to take out follow it. */
  userChanged(uri: string, changes: readonly LineChange[]): void {
    for (const session of this.in(uri)) {
      if (session.before !== null) {
        session.undoSplit = true;
        session.userEdits++;
      }
      let lines = session.proposalLines;
      for (const change of changes) lines = lines.map((l) => shiftLine(l, change)).filter((l): l is number => l !== null);
      session.proposalLines = lines;
    }
  }

  /** VS Code may have pushed an undo stop in `uri` (cursor moved by key or mouse, document saved). */
  undoStopPushed(uri: string): void {
    for (const session of this.in(uri)) if (session.before !== null) session.undoSplit = true;
  }

  in(uri: string): Session[] {
    return [...this.live.values()].filter((s) => s.uri === uri);
  }

  all(): Session[] {
    return [...this.live.values()];
  }

  get(id: string): Session | undefined {
    return this.live.get(id);
  }

  hasEnded(id: string): boolean {
    return this.ended.has(id);
  }

  /** Ends a session without the sidecar (it died): the caller has taken its proposal out. */
  abandon(session: Session, message: string): void {
    this.end(session, 'cancelled', message);
  }

  /** A restarted sidecar numbers its sessions afresh: ids of the dead one may come back. */
  forgetEnded(): void {
    this.ended.clear();
  }

  private open(id: string, uri: string): Session {
    const session = new Session(id, uri);
    this.live.set(id, session);
    return session;
  }

  private end(session: Session, state: SessionState, message?: string): void {
    this.live.delete(session.id);
    this.ended.add(session.id);
    if (this.ended.size > 256) this.ended.delete(this.ended.values().next().value!);
    this.changed.fire(session.uri);
    this.endedEmitter.fire({ session, state, message });
  }
}
