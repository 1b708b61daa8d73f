/**
 * Locating an edit: where in the text the model saw is the text it replaces? By exact text first,
 * then with whitespace ignored (indentation, runs of spaces, trailing blanks), never by guessing: a
 * text found nowhere or in several places refuses the edit. A structured edit's line range is a
 * cross-check: it picks between several exact matches when it agrees with one, and a disagreement
 * with a single match is flagged (the text wins, since line numbers go stale).
 */
import type { ProposedEdit } from '../formats/format.js';
import { commonIndent } from '../extract.js';
import { editName, ok, refuse, type Finding, type LocatedEdit, type Staged } from './types.js';

export function locateEdit(doc: readonly string[], edit: ProposedEdit): Staged<LocatedEdit> {
  const name = editName(edit.index, edit.wholeLines);
  if (edit.oldText === '') return refuse('notFound', `${name} names no text to replace; it was not applied.`, null);
  return edit.wholeLines ? locateLines(doc, edit, name) : locateText(doc, edit, name);
}

/** Whole lines: SEARCH lines against runs of file lines. */
function locateLines(doc: readonly string[], edit: ProposedEdit, name: string): Staged<LocatedEdit> {
  const search = linesOf(edit.oldText);
  const replace = linesOf(edit.newText);
  if (search.every((l) => l.trim() === '')) return refuse('notFound', blankOnly(name, 'its SEARCH lines'), null);
  const exact = findRuns(doc, search, (a, b) => a === b);
  if (exact.length === 1) return ok(located(edit, exact[0], search.length, replace, doc));
  if (exact.length > 1) return refuse('ambiguous', ambiguous(name, exact, 'its SEARCH lines'), exact[0]);
  return locateLoosely(doc, edit, name, search, replace, 'its SEARCH lines');
}

/** A stretch of text, which may start or end inside a line. */
function locateText(doc: readonly string[], edit: ProposedEdit, name: string): Staged<LocatedEdit> {
  if (edit.oldText.trim() === '') return refuse('notFound', blankOnly(name, 'its oldText'), null);
  const text = doc.join('\n');
  const hits: number[] = [];
  for (let at = text.indexOf(edit.oldText); at >= 0; at = text.indexOf(edit.oldText, at + 1)) hits.push(at);
  const lineOf = offsetsToLines(doc);
  const byRange = (at: number) => edit.lineRange !== undefined && lineOf(at) === edit.lineRange.start - 1;
  const pick = hits.length === 1 ? hits[0] : hits.filter(byRange).length === 1 ? hits.find(byRange)! : -1;
  if (pick >= 0) {
    // The whole lines the text touches, rewritten: the start of its first line, the new text, and
    // the rest of the line where it ends (after a consumed line break, that is the next line, whole).
    const endOffset = pick + edit.oldText.length;
    const first = lineOf(pick);
    const last = lineOf(endOffset);
    const lineStart = text.lastIndexOf('\n', pick - 1) + 1;
    const nextBreak = text.indexOf('\n', endOffset);
    const rewritten = text.slice(lineStart, pick) + edit.newText + text.slice(endOffset, nextBreak < 0 ? text.length : nextBreak);
    const value: LocatedEdit = { index: edit.index, start: first, end: last + 1, lines: rewritten.split('\n'), old: doc.slice(first, last + 1) };
    return ok(value, rangeNotes(edit, name, first, lineOf(Math.max(pick, endOffset - 1))));
  }
  if (hits.length > 1) return refuse('ambiguous', ambiguous(name, hits.map(lineOf), 'its oldText'), lineOf(hits[0]));
  const search = edit.oldText.replace(/\n$/, '').split('\n');
  const replace = edit.newText.replace(/\n$/, '').split('\n');
  return locateLoosely(doc, edit, name, search, replace, 'its oldText');
}

/** Whitespace ignored: a single match re-bases the new lines on the file's indentation. */
function locateLoosely(doc: readonly string[], edit: ProposedEdit, name: string, search: string[], replace: string[], what: string): Staged<LocatedEdit> {
  if (search.every((l) => l.trim() === '')) return refuse('notFound', blankOnly(name, what), null);
  const loose = findRuns(doc, search, (a, b) => squash(a) === squash(b));
  if (loose.length > 1) return refuse('ambiguous', ambiguous(name, loose, what), loose[0]);
  if (loose.length === 0) return refuse('notFound', `${name}: ${what} are not in the file (not even with whitespace ignored); it was not applied.`, null);
  const at = loose[0];
  const matched = doc.slice(at, at + search.length);
  const lines = rebase(replace, commonIndent(search.join('\n')), commonIndent(matched.join('\n')));
  const value: LocatedEdit = { index: edit.index, start: at, end: at + search.length, lines, old: matched };
  return ok(value, rangeNotes(edit, name, at, at + search.length - 1));
}

function located(edit: ProposedEdit, at: number, length: number, replace: string[], doc: readonly string[]): LocatedEdit {
  return { index: edit.index, start: at, end: at + length, lines: replace, old: doc.slice(at, at + length) };
}

/** SEARCH/REPLACE text back to lines: each line ends in a line break. */
function linesOf(text: string): string[] {
  const lines = text.split('\n');
  lines.pop();
  return lines;
}

/** Start lines of every run of `doc` equal to `search` under `same`. */
function findRuns(doc: readonly string[], search: readonly string[], same: (a: string, b: string) => boolean): number[] {
  const out: number[] = [];
  if (search.length === 0) return out;
  for (let i = 0; i + search.length <= doc.length; i++) {
    let j = 0;
    while (j < search.length && same(doc[i + j], search[j])) j++;
    if (j === search.length) out.push(i);
  }
  return out;
}

/** Whitespace-insensitive form of a line: trimmed, inner runs of whitespace as one space. */
function squash(line: string): string {
  return line.trim().replace(/\s+/g, ' ');
}

/** Moves lines indented under `from` to `to`, as a model that re-indented the block meant. */
function rebase(lines: readonly string[], from: string, to: string): string[] {
  if (from === to) return [...lines];
  return lines.map((line) => (line.trim() !== '' && line.startsWith(from) ? to + line.slice(from.length) : line));
}

function blankOnly(name: string, what: string): string {
  return `${name}: ${what} is only whitespace, which says nothing about where it goes; it was not applied.`;
}

function ambiguous(name: string, starts: readonly number[], what: string): string {
  const where = starts.slice(0, 3).map((s) => s + 1).join(', ');
  return `${name}: ${what} occur ${starts.length} times (lines ${where}${starts.length > 3 ? ', …' : ''}); it was not applied rather than guessed.`;
}

function rangeNotes(edit: ProposedEdit, name: string, first: number, last: number): Finding[] {
  const r = edit.lineRange;
  if (!r || (r.start === first + 1 && r.end === last + 1)) return [];
  const given = r.start === r.end ? `line ${r.start}` : `lines ${r.start}–${r.end}`;
  return [{ kind: 'lineRange', message: `${name} says ${given}, but its text is at line ${first + 1}; it was applied where the text is.`, line: first }];
}

/** Offset in the joined text → its line. */
function offsetsToLines(doc: readonly string[]): (offset: number) => number {
  const starts: number[] = [];
  let at = 0;
  for (const line of doc) {
    starts.push(at);
    at += line.length + 1;
  }
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
}
