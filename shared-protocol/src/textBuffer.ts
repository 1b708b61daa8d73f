/**
 * Line-indexed text with LSP positions (line, UTF-16 character). Offsets are UTF-16 code units,
 * which is what JavaScript string indices already are.
 */
import type { Position, Range, TextEdit } from './lsp.js';

export class TextBuffer {
  private text: string;
  private lineStarts: number[];

  constructor(text: string) {
    this.text = text;
    this.lineStarts = computeLineStarts(text);
  }

  /** A copy sharing the immutable line index, so a snapshot before each change costs nothing. */
  clone(): TextBuffer {
    const copy = Object.create(TextBuffer.prototype) as TextBuffer;
    copy.text = this.text;
    copy.lineStarts = this.lineStarts;
    return copy;
  }

  getText(): string {
    return this.text;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /**
   * The document's line break, for lines written into it: its first one (as editors detect a
   * file's separator), LF when it has none yet.
   */
  get eol(): '\n' | '\r\n' {
    return this.lineStarts.length > 1 && this.text.charCodeAt(this.lineStarts[1] - 2) === 13 ? '\r\n' : '\n';
  }

  /** Line text without its line break. */
  lineAt(line: number): string {
    const start = this.lineStarts[line];
    const next = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] - 1 : this.text.length;
    const end = next > start && this.text.charCodeAt(next - 1) === 13 ? next - 1 : next;
    return this.text.slice(start, end);
  }

  lines(start: number, end: number): string[] {
    const out: string[] = [];
    for (let i = start; i < end; i++) out.push(this.lineAt(i));
    return out;
  }

  /** Clamps like LSP: a character past the line end means the line end. */
  offsetAt(pos: Position): number {
    if (pos.line >= this.lineStarts.length) return this.text.length;
    if (pos.line < 0) return 0;
    return this.lineStarts[pos.line] + Math.min(Math.max(pos.character, 0), this.lineAt(pos.line).length);
  }

  positionAt(offset: number): Position {
    const clamped = Math.min(Math.max(offset, 0), this.text.length);
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= clamped) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: clamped - this.lineStarts[lo] };
  }

  /** Replaces `range` (absent: the whole text) with `newText`. */
  replace(range: Range | undefined, newText: string): void {
    if (!range) {
      this.text = newText;
      this.lineStarts = computeLineStarts(newText);
      return;
    }
    const start = this.offsetAt(range.start);
    const end = this.offsetAt(range.end);
    this.text = this.text.slice(0, start) + newText + this.text.slice(end);
    this.lineStarts = computeLineStarts(this.text);
  }

  /** Applies LSP-style edits, all relative to the current text, non-overlapping. */
  applyEdits(edits: readonly TextEdit[]): void {
    const sorted = [...edits].sort((x, y) => this.offsetAt(y.range.start) - this.offsetAt(x.range.start));
    for (const edit of sorted) this.replace(edit.range, edit.newText);
  }
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}
