/**
 * DiffRegion: the stretch of a document a proposal occupies, as kinds of whole lines. The texts live
 * in the document mirror; the region only knows which lines are red, green or context, and the word
 * spans of lines whose text is still what the layout computed. Hunks are never stored: they are
 * derived from the kinds every time they are needed.
 */
import type { DiffLineRun, Hunk, RenderDecorations, TextBuffer, TextEdit, WhitespaceMark, WordSpan } from '@redline/shared-protocol';
import { lineDiff } from '../edit/diff.js';
import type { Layout } from '../edit/layout.js';
import { onBaseline, onProposal, type CharSpan, type LineKind, type WhitespaceOnly } from '../edit/lines.js';
import { replaceLinesEdit } from './lineEdit.js';
import { classifyChange, touchedLines, type ChangeEffect, type TrackedChange } from './track.js';

/** Region lines [from, to), relative to the region's start. */
export interface LineSpan {
  from: number;
  to: number;
}

export interface RegionState {
  start: number;
  kinds: LineKind[];
  /** Word spans per region line; empty once the user typed on the line. */
  words: CharSpan[][];
  /** Per region line: its pair differs from it only in whitespace (null otherwise, or once typed on). */
  whitespace: Array<WhitespaceOnly | null>;
  streamingLine: number | null;
}

/** What a render or verdict would do: the edits, and the region once they are applied. */
export interface RegionPlan {
  edits: TextEdit[];
  next: RegionState;
}

export class Region {
  constructor(private state: RegionState) {}

  static ofLines(start: number, count: number): Region {
    return new Region({ start, kinds: Array(count).fill('context'), words: Array.from({ length: count }, () => []), whitespace: Array(count).fill(null), streamingLine: null });
  }

  get start(): number {
    return this.state.start;
  }

  get end(): number {
    return this.state.start + this.state.kinds.length;
  }

  get kinds(): readonly LineKind[] {
    return this.state.kinds;
  }

  /** Region index of the unfinished streaming line, or null. */
  get streamingLine(): number | null {
    return this.state.streamingLine;
  }

  commit(next: RegionState): void {
    this.state = next;
  }

  snapshot(): RegionState {
    const { start, kinds, words, whitespace, streamingLine } = this.state;
    return { start, kinds: [...kinds], words: words.map((w) => [...w]), whitespace: [...whitespace], streamingLine };
  }

  /**
   * Follows a change the region did not make; returns its effect so the owner can react to
   * 'broken' (the state is then as before the change: see `remap`). A line the user typed on is
   * the user's from then on: context, kept by either verdict.
   */
  track(change: TrackedChange, streaming: boolean): ChangeEffect {
    const effect = classifyChange({ start: this.state.start, kinds: this.state.kinds, streaming }, change);
    const s = this.state;
    switch (effect.kind) {
      case 'shift':
        s.start += effect.delta;
        break;
      case 'typed':
        s.kinds[effect.index] = 'context';
        s.words[effect.index] = [];
        s.whitespace[effect.index] = null;
        if (s.streamingLine === effect.index) s.streamingLine = null;
        break;
      case 'insert':
        // Array literals, not splice(...): a call's spread puts every line of a large paste on the stack.
        s.kinds = [...s.kinds.slice(0, effect.at), ...Array<LineKind>(effect.count).fill('context'), ...s.kinds.slice(effect.at)];
        s.words = [...s.words.slice(0, effect.at), ...Array.from({ length: effect.count }, (): CharSpan[] => []), ...s.words.slice(effect.at)];
        s.whitespace = [...s.whitespace.slice(0, effect.at), ...Array<null>(effect.count).fill(null), ...s.whitespace.slice(effect.at)];
        break;
      case 'delete':
        s.kinds.splice(effect.at, effect.count);
        s.words.splice(effect.at, effect.count);
        s.whitespace.splice(effect.at, effect.count);
        break;
      default:
        break;
    }
    return effect;
  }

  /**
   * Follows a change that broke the region: the lines it touched and the lines it made are the
   * user's (context), every other line keeps its kind at its new place. Rejecting afterwards takes
   * out exactly the green lines the user did not touch.
   */
  remap(change: TrackedChange): void {
    const s = this.state;
    if (!change.replaced) {
      // Nothing is known about where the lines went: every line stays, none is deleted.
      this.state = { start: s.start, kinds: s.kinds.map(() => 'context'), words: s.kinds.map(() => []), whitespace: s.kinds.map(() => null), streamingLine: null };
      return;
    }
    const { from, to, count } = touchedLines(change.replaced, change.text);
    const end = s.start + s.kinds.length;
    const lines = new Map<number, { kind: LineKind; words: CharSpan[]; whitespace: WhitespaceOnly | null }>();
    s.kinds.forEach((kind, i) => {
      const line = s.start + i;
      const kept = { kind, words: s.words[i], whitespace: s.whitespace[i] };
      if (line < from) lines.set(line, kept);
      else if (line >= to) lines.set(line + count - (to - from), kept);
    });
    const inside = to > from ? from < end && to > s.start : from > s.start && from < end;
    if (inside) for (let line = from; line < from + count; line++) lines.set(line, { kind: 'context', words: [], whitespace: null });
    const numbers = [...lines.keys()];
    const start = numbers.length > 0 ? Math.min(...numbers) : Math.min(from, s.start);
    const length = numbers.length > 0 ? Math.max(...numbers) - start + 1 : 0;
    const at = (i: number) => lines.get(start + i) ?? { kind: 'context' as const, words: [], whitespace: null };
    this.state = {
      start,
      kinds: Array.from({ length }, (_, i) => at(i).kind),
      words: Array.from({ length }, (_, i) => at(i).words),
      whitespace: Array.from({ length }, (_, i) => at(i).whitespace),
      streamingLine: null,
    };
  }

  /** The hunk containing absolute `line`, as region lines; null when the line is in no hunk. */
  hunkAt(line: number): LineSpan | null {
    const hunk = this.hunks().find((h) => line >= h.start && line < h.end);
    return hunk ? { from: hunk.start - this.state.start, to: hunk.end - this.state.start } : null;
  }

  /** Texts of the region's lines of the given kinds, from the document. */
  textOf(buffer: TextBuffer, keep: (kind: LineKind) => boolean): string[] {
    const out: string[] = [];
    this.state.kinds.forEach((kind, i) => {
      if (keep(kind)) out.push(buffer.lineAt(this.state.start + i));
    });
    return out;
  }

  /** The original side: what rejecting everything leaves. */
  baseline(buffer: TextBuffer): string[] {
    return this.textOf(buffer, onBaseline);
  }

  /** The proposed side: what accepting everything leaves. */
  proposed(buffer: TextBuffer): string[] {
    return this.textOf(buffer, onProposal);
  }

  /** Edits turning the region's current lines into `layout`, changing only lines that differ. */
  planLayout(buffer: TextBuffer, layout: Layout): RegionPlan {
    const { start, kinds } = this.state;
    const key = (kind: LineKind, text: string) => `${kind[0]}${text}`;
    const current = kinds.map((kind, i) => key(kind, buffer.lineAt(start + i)));
    const target = layout.lines.map((line) => key(line.kind, line.text));
    const edits: TextEdit[] = [];
    for (const hunk of lineDiff(current, target)) {
      const texts = layout.lines.slice(hunk.bStart, hunk.bEnd).map((line) => line.text);
      const edit = replaceLinesEdit(buffer, start + hunk.aStart, start + hunk.aEnd, texts);
      if (edit) edits.push(edit);
    }
    const words: CharSpan[][] = layout.lines.map(() => []);
    for (const w of layout.words) words[w.line].push({ start: w.start, end: w.end });
    const whitespace = layout.lines.map((line) => line.whitespace ?? null);
    return { edits, next: { start, kinds: layout.lines.map((line) => line.kind), words, whitespace, streamingLine: layout.streamingLine } };
  }

  /** Hunks: runs of neighbouring removed and added lines, in absolute lines. */
  hunks(): Hunk[] {
    const out: Hunk[] = [];
    const { start, kinds, whitespace } = this.state;
    const changed = (k: LineKind) => k === 'removed' || k === 'added';
    let i = 0;
    while (i < kinds.length) {
      if (!changed(kinds[i])) {
        i++;
        continue;
      }
      const from = i;
      let removed = 0;
      let added = 0;
      const spaces = new Set<WhitespaceOnly | null>();
      while (i < kinds.length && changed(kinds[i])) {
        if (kinds[i] === 'removed') removed++;
        else added++;
        spaces.add(whitespace[i]);
        i++;
      }
      const hunk: Hunk = { start: start + from, end: start + i, removed, added };
      if (!spaces.has(null)) hunk.whitespaceOnly = spaces.has('whitespace') ? 'whitespace' : 'indentation';
      out.push(hunk);
    }
    return out;
  }

  /** The marks on region lines from absolute line `from` down (see RenderDecorations). */
  decorations(from = this.state.start): RenderDecorations {
    const { start, kinds, words, whitespace, streamingLine } = this.state;
    const runs: DiffLineRun[] = [];
    const spans: WordSpan[] = [];
    const spaces: WhitespaceMark[] = [];
    for (let i = Math.max(0, from - start); i < kinds.length; i++) {
      const kind = kinds[i];
      if (kind === 'context') continue;
      const last = runs[runs.length - 1];
      if (last && last.kind === kind && last.start + last.count === start + i) last.count++;
      else runs.push({ start: start + i, count: 1, kind });
      if (kind === 'unreached') continue;
      for (const w of words[i]) spans.push({ line: start + i, start: w.start, end: w.end, kind });
      const change = whitespace[i];
      if (change) spaces.push({ line: start + i, kind, change });
    }
    return { from, runs, words: spans, whitespace: spaces, streamingLine: streamingLine === null ? null : start + streamingLine };
  }

  /**
   * Accepting deletes red lines, rejecting deletes green ones: for every hunk, or for the diff
   * lines within `span` (a hunk as it was asked for, which typing may since have split).
   */
  planVerdict(buffer: TextBuffer, accept: boolean, span?: LineSpan): RegionPlan {
    const { start, kinds, words, whitespace } = this.state;
    const from = Math.max(0, span?.from ?? 0);
    const to = Math.min(kinds.length, span?.to ?? kinds.length);
    // Accepting keeps the proposal's lines, rejecting the original's (unreached lines are original lines).
    const keep = accept ? onProposal : onBaseline;
    const edits: TextEdit[] = [];
    const nextKinds: LineKind[] = [];
    const nextWords: CharSpan[][] = [];
    const nextWhitespace: Array<WhitespaceOnly | null> = [];
    let i = 0;
    while (i < kinds.length) {
      const inScope = i >= from && i < to;
      if (inScope && !keep(kinds[i])) {
        const runStart = i;
        while (i < to && !keep(kinds[i])) i++;
        const edit = replaceLinesEdit(buffer, start + runStart, start + i, []);
        if (edit) edits.push(edit);
        continue;
      }
      nextKinds.push(inScope ? 'context' : kinds[i]);
      nextWords.push(inScope ? [] : words[i]);
      nextWhitespace.push(inScope ? null : whitespace[i]);
      i++;
    }
    return { edits, next: { start, kinds: nextKinds, words: nextWords, whitespace: nextWhitespace, streamingLine: null } };
  }
}

/**
 * The first absolute line a render must repaint: the first line whose marks differ between what is
 * painted and `next`, not below the render's first edit, moved back to the start of its hunk so a
 * hunk is never split. A region that moved is repainted whole.
 */
export function repaintFrom(painted: RegionState | null, next: RegionState, firstEditLine: number): number {
  if (!painted || painted.start !== next.start) return Math.min(painted?.start ?? next.start, next.start);
  const limit = Math.min(painted.kinds.length, next.kinds.length, Math.max(0, firstEditLine - next.start));
  let i = 0;
  while (i < limit && sameLine(painted, next, i)) i++;
  while (i > 0 && (next.kinds[i - 1] !== 'context' || painted.kinds[i - 1] !== 'context')) i--;
  return next.start + i;
}

function sameLine(a: RegionState, b: RegionState, i: number): boolean {
  if (a.kinds[i] !== b.kinds[i] || a.whitespace[i] !== b.whitespace[i] || a.words[i].length !== b.words[i].length) return false;
  for (let j = 0; j < a.words[i].length; j++) if (a.words[i][j].start !== b.words[i][j].start || a.words[i][j].end !== b.words[i][j].end) return false;
  return true;
}

/** True when both states paint exactly the same marks. */
export function sameMarks(a: RegionState, b: RegionState): boolean {
  if (a.start !== b.start || a.streamingLine !== b.streamingLine || a.kinds.length !== b.kinds.length) return false;
  for (let i = 0; i < a.kinds.length; i++) if (!sameLine(a, b, i)) return false;
  return true;
}
