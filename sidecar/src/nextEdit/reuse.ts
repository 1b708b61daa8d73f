/**
 * A suggestion outlives the keystroke that follows it when that keystroke goes its way: the model
 * rewrote a window into `next`, and the window now reads like the old text with some of the
 * suggested changes made (an accepted hunk, or one the user typed), and at most one begun — its
 * old text gone and the start of its new text typed. Then what is left of `next` is still the
 * suggestion, served without asking the model. The window is followed through every change by its
 * lines, so it is found again after edits above it.
 */
import { lineDiff } from '../edit/diff.js';

/** Document lines [start, end). */
export interface LineWindow {
  start: number;
  end: number;
}

/** A change of the document: lines [fromLine, toLine] of the text before it became `lines` lines. */
export interface LineChange {
  fromLine: number;
  toLine: number;
  lines: number;
}

/** The window after `change`, or null when the change reaches across one of its edges. */
export function followWindow(window: LineWindow, change: LineChange): LineWindow | null {
  const delta = change.lines - 1 - (change.toLine - change.fromLine);
  if (change.toLine < window.start) return { start: window.start + delta, end: window.end + delta };
  if (change.fromLine >= window.end) return window;
  if (change.fromLine >= window.start && change.toLine < window.end) return { start: window.start, end: window.end + delta };
  return null;
}

interface CharEdit {
  start: number;
  end: number;
  text: string;
}

/** Lines as one text, every line with its break (so that a hunk at the end is written like any other). */
const joined = (lines: readonly string[]) => lines.map((line) => `${line}\n`).join('');

/**
 * The changes from `old` to `next` as character edits of the joined text, each trimmed to what
 * differs: a hunk that keeps its number of lines as one edit per line (each line is typed on its
 * own), any other hunk as one edit.
 */
function charEdits(old: readonly string[], next: readonly string[], oldText: string): CharEdit[] {
  const offsets = [0];
  for (const line of old) offsets.push(offsets[offsets.length - 1] + line.length + 1);
  const edit = (aStart: number, aEnd: number, lines: readonly string[]): CharEdit => {
    const start = offsets[aStart];
    const end = offsets[aEnd];
    const text = joined(lines);
    let head = 0;
    while (head < end - start && head < text.length && oldText[start + head] === text[head]) head++;
    let tail = 0;
    while (tail < end - start - head && tail < text.length - head && oldText[end - 1 - tail] === text[text.length - 1 - tail]) tail++;
    return { start: start + head, end: end - tail, text: text.slice(head, text.length - tail) };
  };
  return lineDiff(old, next).flatMap((h) =>
    h.aEnd - h.aStart === h.bEnd - h.bStart
      ? Array.from({ length: h.aEnd - h.aStart }, (_, i) => edit(h.aStart + i, h.aStart + i + 1, [next[h.bStart + i]])).filter((e) => e.end > e.start || e.text !== '')
      : [edit(h.aStart, h.aEnd, next.slice(h.bStart, h.bEnd))],
  );
}

/**
 * Whether `now` is `old` with some of the changes toward `next` made and at most one begun (its old
 * text replaced by the start of its new text), and not all of them made.
 */
export function onTheWay(old: readonly string[], next: readonly string[], now: readonly string[]): boolean {
  const oldText = joined(old);
  const nowText = joined(now);
  if (nowText === oldText || nowText === joined(next)) return false;
  const edits = charEdits(old, next, oldText);
  const match = (i: number, from: number, at: number, begun: boolean): boolean => {
    if (i === edits.length) return nowText.slice(at) === oldText.slice(from);
    const edit = edits[i];
    const between = oldText.slice(from, edit.start);
    if (!nowText.startsWith(between, at)) return false;
    const here = at + between.length;
    if (nowText.startsWith(oldText.slice(edit.start, edit.end), here) && match(i + 1, edit.end, here + edit.end - edit.start, begun)) return true;
    if (nowText.startsWith(edit.text, here) && match(i + 1, edit.end, here + edit.text.length, begun)) return true;
    if (begun) return false;
    for (let typed = edit.text.length - 1; typed >= 1; typed--) {
      if (nowText.startsWith(edit.text.slice(0, typed), here) && match(i + 1, edit.end, here + typed, true)) return true;
    }
    return false;
  };
  return match(0, 0, 0, false);
}
