/**
 * The user's recent edits, from the mirror's change stream, as small line diffs. Keystrokes on the
 * same lines coalesce into one edit (typing a word is one edit, not five), an edit moves with the
 * lines above it, and the mirror never keeps a copy of the text: each change brings the text it
 * replaced. Edits made by Redline's own renders are not the user's and are not recorded, but the
 * edits below them move with the lines they add or take out; a next-edit hunk the user accepts is
 * recorded as the user's edit (`accepted`), so the next suggestion sees it.
 */
import { detached } from '@redline/shared-protocol';
import type { ContentChange, MirrorDocument } from '../server/documents.js';
import type { ContextItem } from './types.js';

/** Edits remembered across all documents; the oldest are forgotten first. */
const MAX_RECORDS = 16;
/** Most edits one request carries. */
export const MAX_RECENT_EDITS = 5;
/** Lines shown per side of one edit. */
const MAX_DIFF_LINES = 8;

export interface EditRecord {
  uri: string;
  /** First line of the edit in the document as it is now. */
  start: number;
  /** The lines before the edit, and the same stretch now. */
  before: string[];
  after: string[];
}

const BREAK = /\r\n|\r|\n/;

export class RecentEdits {
  /** Oldest first. */
  private records: EditRecord[] = [];

  constructor(private readonly document: (uri: string) => MirrorDocument | undefined) {}

  /** Most recent first. */
  recent(): EditRecord[] {
    return [...this.records].reverse();
  }

  forget(uri: string): void {
    this.records = this.records.filter((r) => r.uri !== uri);
  }

  track(change: ContentChange): void {
    if (change.origin !== undefined) {
      const replaced = change.replaced;
      if (replaced) this.shift(change.uri, replaced.end, change.text.split(BREAK).length - 1 - (replaced.end.line - replaced.start.line));
      else this.forget(change.uri);
      return;
    }
    const doc = this.document(change.uri);
    if (!doc || !change.replaced || change.removed === undefined) {
      this.forget(change.uri);
      return;
    }
    const a = change.replaced.start.line;
    const b = change.replaced.end.line;
    const inserted = change.text.split(BREAK);
    const k = inserted.length - 1;
    // Lines of the document are views into its whole text; a record outlives that version.
    const linesNow = (from: number, to: number) => doc.buffer.lines(from, to).map(detached);
    const after = linesNow(a, a + k + 1);
    const endColumn = k === 0 ? change.replaced.start.character + change.text.length : inserted[k].length;
    const before = (after[0].slice(0, change.replaced.start.character) + change.removed + after[k].slice(endColumn)).split(BREAK);
    const delta = k - (b - a);

    let merged: EditRecord | null = null;
    const kept: EditRecord[] = [];
    for (const record of this.records) {
      if (record.uri !== change.uri) {
        kept.push(record);
        continue;
      }
      const last = record.start + record.after.length - 1;
      if (!merged && a >= record.start - 1 && b <= last + 1 && a <= last + 1 && b >= record.start - 1) {
        // The change lies on the edit's lines or the line on either side: one edit.
        const above = a < record.start ? [before[0]] : [];
        const below = b > last ? [before[before.length - 1]] : [];
        const start = Math.min(a, record.start);
        const count = record.after.length + above.length + below.length + delta;
        merged = { uri: record.uri, start, before: [...above, ...record.before, ...below], after: linesNow(start, start + count) };
      } else if (b < record.start) kept.push({ ...record, start: record.start + delta });
      else if (a > last) kept.push(record);
      // Otherwise the change cut through the edit: what it replaced is no longer known, so it is forgotten.
    }
    const record = merged ?? { uri: change.uri, start: a, before, after };
    this.records = [...kept, record].slice(-MAX_RECORDS);
  }

  /**
   * A hunk the user accepted: document lines [start, start + after.length) read `after` now, and
   * read `before` before it (the renders that put it in have moved the edits below already). Edits
   * it overlaps are forgotten: what they replaced is no longer known. Nothing is recorded when the
   * document does not read `after` there (it changed since).
   */
  accepted(uri: string, start: number, before: readonly string[], after: readonly string[]): void {
    const doc = this.document(uri);
    if (!doc || start < 0 || start + after.length > doc.buffer.lineCount) return;
    const now = doc.buffer.lines(start, start + after.length);
    if (now.some((line, i) => line !== after[i])) return;
    const end = start + Math.max(1, after.length);
    const kept = this.records.filter((r) => r.uri !== uri || r.start + Math.max(1, r.after.length) <= start || r.start >= end);
    this.records = [...kept, { uri, start, before: before.map(detached), after: now.map(detached) }].slice(-MAX_RECORDS);
  }

  /** Edits of `uri` below a render's change (ending at `end`) move by the `delta` lines it added or took out. */
  private shift(uri: string, end: { line: number; character: number }, delta: number): void {
    if (delta === 0) return;
    // A change that ends at a line's start leaves that whole line after it.
    const below = (start: number) => start > end.line || (start === end.line && end.character === 0);
    this.records = this.records.map((r) => (r.uri === uri && below(r.start) ? { ...r, start: r.start + delta } : r));
  }
}

/** The lines a record changed (its equal first and last lines left out) and the document line they start at now; null when it undid itself. */
export function changedLines(record: EditRecord): { line: number; removed: string[]; added: string[] } | null {
  const { before, after } = record;
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const removed = before.slice(head, before.length - tail);
  const added = after.slice(head, after.length - tail);
  if (removed.length === 0 && added.length === 0) return null;
  return { line: record.start + head, removed, added };
}

/** A record as a unified-diff hunk of its changed lines (1-based, current numbering), or null when it undid itself. */
export function renderEdit(record: EditRecord): string | null {
  const changed = changedLines(record);
  if (!changed) return null;
  const { removed, added } = changed;
  const line = changed.line + 1;
  const side = (mark: string, lines: string[]) => [...lines.slice(0, MAX_DIFF_LINES).map((l) => mark + l), ...(lines.length > MAX_DIFF_LINES ? [`${mark}… (${lines.length - MAX_DIFF_LINES} more lines)`] : [])];
  return [`@@ -${line},${removed.length} +${line},${added.length} @@`, ...side('-', removed), ...side('+', added)].join('\n');
}

/** The most recent edits as items, skipping those `skip` says are already in view (the line being typed). */
export function recentEditItems(records: readonly EditRecord[], pathOf: (uri: string) => string, skip: (record: EditRecord) => boolean = () => false): ContextItem[] {
  const items: ContextItem[] = [];
  for (const record of records) {
    if (items.length >= MAX_RECENT_EDITS) break;
    if (skip(record)) continue;
    const diff = renderEdit(record);
    if (!diff) continue;
    const path = pathOf(record.uri);
    items.push({ kind: 'recentEdit', path, label: `${path}:${record.start + 1}`, languageId: 'diff', text: diff, rank: items.length });
  }
  return items;
}
