/**
 * The inline-edit sessions this window shows: state, marks (as the sidecar last painted them), hunks,
 * whether the session's undo step is open, and the lines to take out should the sidecar die. A
 * session appears with its first render or status (a render can overtake the start request's
 * answer) and is forgotten at its terminal status; its late renders are still applied, never
 * bringing it back.
 */
import * as vscode from 'vscode';
import { TERMINAL_STATES, type Range, type RenderParams, type SessionState, type SessionStatusParams, type StatusAction } from '@redline/shared-protocol';
import { repaint, type SessionMarks } from '@redline/client/src/renderedDocument.js';
import { shiftLine, type LineChange } from './marks';
import type { KeptSelection } from './selection';

/** What the user asked for: what Retry asks again. */
export interface Instruction {
  text: string;
  range: Range;
  /** 1 for the user's own request, then one more for each Retry of it. */
  attempt?: number;
}

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
  /** Undo steps its renders made, as far as the extension can tell (takeBack.ts `stepsAfterEdit`). */
  steps = 0;
  /** VS Code may have pushed an undo stop since its last edit: its next edit opens a step of its own. */
  stopSince = false;
  /**
   * Something since the first edit may have closed VS Code's open undo step: a cursor move by key
   * or mouse (VS Code's navigation commands push an undo stop), the user's edit, a save.
   */
  undoSplit = false;
  /** Changes the user made during the session. */
  userEdits = 0;
  /** Settles once the edits that make a split session one undo step again are done (at once when none are needed). */
  merged: Promise<void> = Promise.resolve();
  /** The user moved the cursor by key or mouse during the session. */
  userMoved = false;
  /** The instruction that started the session (none for an applied code block). */
  instruction: Instruction | null = null;
  /** The selection collapsed when the session started, to bring back if it ends as it began. */
  selection: KeptSelection | null = null;
  /**
   * It shows a next-edit hunk (its renders say so, from the first): its verdict leaves one undo step when accepted and
   * none when dismissed (history.ts).
   */
  nextEdit = false;
  /**
   * Its verdict's closing edit is on its way to the window: Ctrl+Z's steps once that edit is in (undoSteps.ts
   * `stepsAfterVerdict`), which the key takes in the turn the edit is sent; null otherwise.
   */
  verdictSteps: number | null = null;
  /** The document version its last applied render produced: while the document is still there, the session's step is the newest. */
  lastRenderVersion: number | null = null;
  /** What its renders left in the document (history.ts `stateOf`): the texts an undo of its steps passes through. */
  readonly states = new Set<string>();
  /** Another session of its document was live at the same time: their undo steps may lie in between each other's. */
  overlapped = false;
  /** An undo took its steps back (Ctrl+Z at the key, commands.ts and nextEdit.ts): its closing render's steps need no fix. */
  takingBack = false;
  /**
   * It shows a proposal a save set aside: complete from its first render on, though the sidecar
   * says `done` (pending) a round trip later. Verdicts are offered and wait for that `done`.
   */
  shownAgain = false;

  constructor(
    readonly id: string,
    readonly uri: string,
  ) {}

  get pending(): boolean {
    return this.state === 'done';
  }

  /** The user may give a verdict: the proposal is complete (it may still wait for its `done`). */
  get settleable(): boolean {
    return this.pending || (this.shownAgain && this.state === 'streaming');
  }
}

export interface SessionEnd {
  session: Session;
  state: SessionState;
  message?: string;
  /** What the sidecar offers with an error (Retry, Show log). */
  actions?: StatusAction[];
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
    const session = this.known(params.sessionId, params.uri);
    if (session && params.nextEdit) session.nextEdit = true;
    return session;
  }

  /** The session `id` of `uri`, opened if this is the first word of it; null once it has ended. */
  known(id: string, uri: string): Session | null {
    return this.live.get(id) ?? (this.ended.has(id) ? null : this.open(id, uri));
  }

  /** A session's marks once `params` is applied: replaced from `decorations.from` down; none once it closes. */
  marksAfter(session: Session, params: RenderParams): SessionMarks {
    return params.undo.close ? { decorations: { from: 0, runs: [], words: [], whitespace: [], streamingLine: null }, hunks: [] } : repaint(session.marks, params);
  }

  /** Marks after an applied render. */
  rendered(session: Session | null, params: RenderParams, edited: boolean): void {
    if (!session) return;
    if (edited) session.undoOpen = !params.undo.close;
    // Its group is made by now (renders.ts): the key counts it from here on.
    if (params.undo.close) session.verdictSteps = null;
    session.marks = this.marksAfter(session, params);
    const { runs, streamingLine } = session.marks.decorations;
    session.proposalLines = runs.filter((r) => r.kind === 'added').flatMap((r) => Array.from({ length: r.count }, (_, i) => r.start + i));
    if (streamingLine !== null && !session.proposalLines.includes(streamingLine)) session.proposalLines.push(streamingLine);
    this.changed.fire(session.uri);
  }

  /** `session`'s verdict edit is sent, and Ctrl+Z's steps once it is in are `steps`; null: that edit was refused. */
  verdictSent(session: Session, steps: number | null): void {
    session.verdictSteps = steps;
    this.changed.fire(session.uri);
  }

  status(params: SessionStatusParams): void {
    if (this.ended.has(params.sessionId)) return;
    const session = this.live.get(params.sessionId) ?? this.open(params.sessionId, params.uri);
    session.state = params.state;
    if (TERMINAL_STATES.includes(params.state)) this.end(session, params.state, params.message, params.actions);
    else this.changed.fire(session.uri);
  }

  /** A change the sidecar has not answered yet with new marks: the lines to take out follow it. */
  userChanged(uri: string, changes: readonly LineChange[]): void {
    for (const session of this.in(uri)) {
      session.userEdits++;
      if (session.before !== null) session.undoSplit = true;
      let lines = session.proposalLines;
      for (const change of changes) lines = lines.map((l) => shiftLine(l, change)).filter((l): l is number => l !== null);
      session.proposalLines = lines;
    }
  }

  /** VS Code may have pushed an undo stop in `uri` (cursor moved by key or mouse, document saved). */
  undoStopPushed(uri: string): void {
    for (const session of this.in(uri)) if (session.before !== null) session.undoSplit = session.stopSince = true;
  }

  /** The user moved the cursor in `uri` by key or mouse (VS Code's navigation also pushes an undo stop). */
  cursorMoved(uri: string): void {
    for (const session of this.in(uri)) session.userMoved = true;
    this.undoStopPushed(uri);
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

  /** Settles once session `id` waits for verdicts or has ended (at once when either is so). */
  whenPending(id: string): Promise<void> {
    const settled = () => this.live.get(id)?.pending !== false;
    if (settled()) return Promise.resolve();
    return new Promise((resolve) => {
      const listener = this.onDidChange(() => {
        if (!settled()) return;
        listener.dispose();
        resolve();
      });
    });
  }

  /** Settles once session `id` has ended (at once when it already has). */
  whenEnded(id: string): Promise<void> {
    if (!this.live.has(id)) return Promise.resolve();
    return new Promise((resolve) => {
      const listener = this.onDidEnd(({ session }) => {
        if (session.id !== id) return;
        listener.dispose();
        resolve();
      });
    });
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
    for (const other of this.in(uri)) other.overlapped = session.overlapped = true;
    this.live.set(id, session);
    return session;
  }

  private end(session: Session, state: SessionState, message?: string, actions?: StatusAction[]): void {
    this.live.delete(session.id);
    this.ended.add(session.id);
    if (this.ended.size > 256) this.ended.delete(this.ended.values().next().value!);
    this.changed.fire(session.uri);
    this.endedEmitter.fire({ session, state, message, actions });
  }
}
