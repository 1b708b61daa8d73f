/**
 * A client's copy of one document as Redline renders into it: applies render requests at the
 * version they were computed against, keeps each session's marks, and logs undo-group markers.
 * The terminal client and the end-to-end tests drive the sidecar through this one piece.
 */
import {
  TERMINAL_STATES,
  TextBuffer,
  type ClientConnection,
  type Hunk,
  type Range,
  type RenderDecorations,
  type RenderParams,
  type RenderResult,
  type SessionStatusParams,
  type TextEdit,
} from '@redline/shared-protocol';

export interface SessionMarks {
  decorations: RenderDecorations;
  hunks: Hunk[];
}

export interface UndoEvent {
  group: string;
  open: boolean;
  close: boolean;
  edits: number;
}

export class RenderedDocument {
  readonly buffer: TextBuffer;
  version: number;
  readonly marks = new Map<string, SessionMarks>();
  readonly undoLog: UndoEvent[] = [];
  staleAnswers = 0;

  constructor(
    private readonly conn: ClientConnection,
    readonly uri: string,
    readonly languageId: string,
    text: string,
    /** Send didChange for applied renders too, as an editor's document listener would. */
    private readonly echoRenders = false,
  ) {
    this.buffer = new TextBuffer(text);
    this.version = 1;
  }

  get text(): string {
    return this.buffer.getText();
  }

  open(): Promise<void> {
    return this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: this.uri, languageId: this.languageId, version: this.version, text: this.text } });
  }

  /** Applies a render if it was computed against this version; otherwise answers stale. */
  applyRender(params: RenderParams): RenderResult {
    if (params.version !== this.version) {
      this.staleAnswers++;
      return { applied: false, version: this.version };
    }
    if (params.edits.length > 0) {
      this.buffer.applyEdits(params.edits);
      this.version++;
      if (this.echoRenders) void this.sendChange(params.edits);
    }
    this.undoLog.push({ group: params.undo.group, open: params.undo.open, close: params.undo.close, edits: params.edits.length });
    if (params.undo.close) this.marks.delete(params.sessionId);
    else this.marks.set(params.sessionId, repaint(this.marks.get(params.sessionId), params));
    return { applied: true, version: this.version };
  }

  /** A terminal status drops whatever the session still had painted. */
  onStatus(params: SessionStatusParams): void {
    if (TERMINAL_STATES.includes(params.state)) this.marks.delete(params.sessionId);
  }

  /** The user edits the document: applied locally and reported incrementally. */
  edit(range: Range, text: string): Promise<void> {
    this.buffer.replace(range, text);
    this.version++;
    return this.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: this.uri, version: this.version },
      contentChanges: [{ range, text }],
    });
  }

  private sendChange(edits: readonly TextEdit[]): Promise<void> {
    const ordered = [...edits].reverse();
    return this.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: this.uri, version: this.version },
      contentChanges: ordered.map((e) => ({ range: e.range, text: e.newText })),
    });
  }
}

/** A render replaces the session's marks from `decorations.from` down; those above stay. */
export function repaint(current: SessionMarks | undefined, params: RenderParams): SessionMarks {
  const { from, runs, words, whitespace, streamingLine } = params.decorations;
  const kept = current?.decorations;
  return {
    decorations: {
      from: Math.min(from, kept?.from ?? from),
      runs: [...(kept?.runs.filter((r) => r.start + r.count <= from) ?? []), ...runs],
      words: [...(kept?.words.filter((w) => w.line < from) ?? []), ...words],
      whitespace: [...(kept?.whitespace.filter((w) => w.line < from) ?? []), ...whitespace],
      streamingLine,
    },
    hunks: [...(current?.hunks.filter((h) => h.end <= from) ?? []), ...params.hunks],
  };
}
