/**
 * Text with LSP positions (line, UTF-16 character), over vscode-languageserver-textdocument: a
 * replace updates the line offsets incrementally instead of rescanning the whole text. As in LSP,
 * a line ends at \n, \r\n or \r; line texts and positions never include the line break. Offsets
 * are UTF-16 code units, which is what JavaScript string indices already are.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, Range, TextEdit } from './lsp.js';

export class TextBuffer {
  private readonly doc: TextDocument;

  constructor(text: string) {
    this.doc = TextDocument.create('', '', 0, text);
  }

  getText(): string {
    return this.doc.getText();
  }

  get lineCount(): number {
    return this.doc.lineCount;
  }

  /**
   * The document's line break, for lines written into it: its first one (as editors detect a
   * file's separator), LF when it has none yet.
   */
  get eol(): string {
    if (this.doc.lineCount < 2) return '\n';
    return this.doc.getText({ start: this.doc.getLineRange(0).end, end: { line: 1, character: 0 } });
  }

  /** Line text without its line break. */
  lineAt(line: number): string {
    return this.doc.getText(this.doc.getLineRange(line));
  }

  lines(start: number, end: number): string[] {
    const out: string[] = [];
    for (let i = start; i < end; i++) out.push(this.lineAt(i));
    return out;
  }

  /** Clamps like LSP: a character past the line end means the line end. */
  offsetAt(pos: Position): number {
    return this.doc.offsetAt(pos);
  }

  positionAt(offset: number): Position {
    return this.doc.positionAt(offset);
  }

  /**
   * `range` within the text, start first: each end clamped as LSP says (a character past its line's
   * end is the end of the line, a line past the last one the end of the text), an inverted range
   * turned around.
   */
  clamp(range: Range): Range {
    const a = this.offsetAt(range.start);
    const b = this.offsetAt(range.end);
    return { start: this.positionAt(Math.min(a, b)), end: this.positionAt(Math.max(a, b)) };
  }

  /**
   * Replaces `range` (absent: the whole text) with `newText`. The range is clamped first: the
   * library indexes its line table by the range's line numbers, so a line far past the end would
   * grow that table to the line's number.
   */
  replace(range: Range | undefined, newText: string): void {
    TextDocument.update(this.doc, [range ? { range: this.clamp(range), text: newText } : { text: newText }], this.doc.version + 1);
  }

  /** Applies LSP-style edits, all relative to the current text, non-overlapping. */
  applyEdits(edits: readonly TextEdit[]): void {
    const sorted = [...edits].sort((x, y) => this.offsetAt(y.range.start) - this.offsetAt(x.range.start));
    for (const edit of sorted) this.replace(edit.range, edit.newText);
  }
}

/**
 * A copy of `text` that shares no memory with the string it was cut from. V8 makes a slice, a
 * split part or a line of 13 characters or more a view into its whole source: a cache that keeps
 * one line of a document as a key keeps that version of the whole document alive. Long-lived
 * caches of lines store this copy instead (JSON's round trip always builds a new flat string).
 */
export function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
