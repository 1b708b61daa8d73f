/**
 * A client's copy of one document as Redline renders into it: applies render requests at the
 * version they were computed against, keeps each session's marks (moving them with the user's
 * edits, as an editor's line markers move), and logs undo-group markers. The terminal client and
 * the end-to-end tests drive the sidecar through this one piece.
 */
import {
  CHECKSUM_INTERVAL_MS,
  TERMINAL_STATES,
  TextBuffer,
  checksumDue,
  textChecksum,
  type ClientConnection,
  type DocumentTextResult,
  type Hunk,
  type Range,
  type RenderDecorations,
  type RenderParams,
  type RenderResult,
  type SessionStatusParams,
  type TextDocumentContentChangeEvent,
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

export interface DocumentOptions {
  /** Send didChange for applied renders too, as an editor's document listener would. */
  echoRenders?: boolean;
  /** Shortest gap between two checksums sent with didChange (0: on every change; see `checksumDue`). */
  checksumIntervalMs?: number;
}

export class RenderedDocument {
  readonly buffer: TextBuffer;
  version: number;
  readonly marks = new Map<string, SessionMarks>();
  readonly undoLog: UndoEvent[] = [];
  staleAnswers = 0;
  private lastChecksumAt = -Infinity;

  constructor(
    private readonly conn: ClientConnection,
    readonly uri: string,
    readonly languageId: string,
    text: string,
    private readonly options: DocumentOptions = {},
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
      // The echo of a render; if the sidecar is gone, its close is reported elsewhere.
      if (this.options.echoRenders) this.sendChange(params.edits).catch(() => undefined);
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

  /** redline/documentText: the sidecar's mirror is in doubt. */
  textForResync(): DocumentTextResult {
    return { version: this.version, text: this.text };
  }

  /**
   * The user edits the document: applied locally and reported incrementally. Marks move with the
   * lines; a line the edit touched loses its mark (it is the user's now, as the sidecar sees it).
   */
  edit(range: Range, text: string): Promise<void> {
    const start = this.buffer.positionAt(this.buffer.offsetAt(range.start));
    const end = this.buffer.positionAt(this.buffer.offsetAt(range.end));
    const endLineLength = this.buffer.lineAt(end.line).length;
    this.buffer.replace(range, text);
    this.version++;
    for (const [id, marks] of this.marks) this.marks.set(id, follow(marks, touched(start, end, endLineLength, text)));
    return this.send([{ range, text }]);
  }

  /**
   * The sidecar went away: nobody will send these sessions' last renders. The proposal is taken
   * out here (the green lines and the streaming line), so the text is back to what it was before
   * each session plus the user's edits, and the marks go.
   */
  abandon(): void {
    const lines = new Set<number>();
    for (const { decorations } of this.marks.values()) {
      for (const run of decorations.runs) if (run.kind === 'added') for (let i = 0; i < run.count; i++) lines.add(run.start + i);
      if (decorations.streamingLine !== null) lines.add(decorations.streamingLine);
    }
    this.marks.clear();
    for (const line of [...lines].sort((a, b) => b - a)) {
      if (line >= this.buffer.lineCount) continue;
      // The last line has no break of its own: the one before it goes (CR and LF alike).
      const last = line + 1 >= this.buffer.lineCount;
      const from = last && line > 0 ? { line: line - 1, character: Number.MAX_SAFE_INTEGER } : { line, character: 0 };
      const to = last ? this.buffer.positionAt(this.text.length) : { line: line + 1, character: 0 };
      this.buffer.replace({ start: from, end: to }, '');
    }
  }

  private sendChange(edits: readonly TextEdit[]): Promise<void> {
    return this.send([...edits].reverse().map((e) => ({ range: e.range, text: e.newText })));
  }

  /** Async, so a connection already gone fails the promise rather than the caller's edit. */
  private async send(contentChanges: TextDocumentContentChangeEvent[]): Promise<void> {
    const now = performance.now();
    const due = checksumDue(now - this.lastChecksumAt, this.text.length, this.options.checksumIntervalMs ?? CHECKSUM_INTERVAL_MS);
    if (due) this.lastChecksumAt = now;
    return this.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri: this.uri, version: this.version },
      contentChanges,
      ...(due ? { checksum: textChecksum(this.text) } : {}),
    });
  }
}

/** Old lines [from, to) became `count` new lines at `from`; lines below moved by count − (to − from). */
interface Touched {
  from: number;
  to: number;
  count: number;
}

function touched(start: Range['start'], end: Range['end'], endLineLength: number, text: string): Touched {
  const newLines = text.split('\n').length - 1;
  if (start.line === end.line && start.character === end.character) {
    if (start.character === 0 && text.endsWith('\n')) return { from: start.line, to: start.line, count: newLines };
    if (start.character === endLineLength && /^\r?\n/.test(text)) return { from: start.line + 1, to: start.line + 1, count: newLines };
  }
  if (text === '' && end.line > start.line && start.character === 0 && end.character === 0) return { from: start.line, to: end.line, count: 0 };
  return { from: start.line, to: end.line + 1, count: newLines + 1 };
}

/** Marks after an edit: those on touched lines go, those below move. */
function follow(marks: SessionMarks, t: Touched): SessionMarks {
  const delta = t.count - (t.to - t.from);
  const at = (line: number) => (line < t.from ? line : line >= t.to ? line + delta : null);
  const runs = marks.decorations.runs.flatMap((run) => {
    const lines = Array.from({ length: run.count }, (_, i) => at(run.start + i)).filter((l): l is number => l !== null);
    return lines.map((line) => ({ start: line, count: 1, kind: run.kind }));
  });
  const words = marks.decorations.words.flatMap((w) => {
    const line = at(w.line);
    return line === null ? [] : [{ ...w, line }];
  });
  const whitespace = marks.decorations.whitespace.flatMap((w) => {
    const line = at(w.line);
    return line === null ? [] : [{ ...w, line }];
  });
  const streaming = marks.decorations.streamingLine === null ? null : at(marks.decorations.streamingLine);
  const hunks = marks.hunks.flatMap((h) => {
    if (h.end <= t.from) return [h];
    if (h.start >= t.to) return [{ ...h, start: h.start + delta, end: h.end + delta }];
    return [];
  });
  return { decorations: { from: at(marks.decorations.from) ?? t.from, runs: mergeRuns(runs), words, whitespace, streamingLine: streaming }, hunks };
}

function mergeRuns(runs: RenderDecorations['runs']): RenderDecorations['runs'] {
  const out: RenderDecorations['runs'] = [];
  for (const run of runs) {
    const last = out[out.length - 1];
    if (last && last.kind === run.kind && last.start + last.count === run.start) last.count++;
    else out.push({ ...run });
  }
  return out;
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
