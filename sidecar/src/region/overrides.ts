/**
 * The user's typing on a region's lines while a reply streams in. A line the user edited is the
 * user's: it becomes context, so neither verdict deletes it. The stream keeps diffing against the
 * text the model saw; these overrides carry the user's text into every later layout, keyed by the
 * line's index on its side (original lines by baseline index, green lines — the unfinished one
 * too — by proposal index).
 *
 * A green line's later text comes from the stream (re-indented, grown at its end), so the user's
 * edit is kept as the text it was made on and merged into each newer text (`mergeLine`). When the
 * two cannot be merged, or the line leaves the stream (chatter dropped once a fence arrives), the
 * user's line is pinned: kept as it is, as context, before the proposal line that took its place.
 * A pending proposal's old green line typed on before a re-edit's first render is pinned the same
 * way, before the baseline line that follows it.
 */
import type { Layout, LayoutLine } from '../edit/layout.js';
import { onBaseline, onProposal, type LineKind, type WordSpan } from '../edit/lines.js';
import { mergeLine } from './mergeLine.js';

/** The user's edit of a green line: the stream's text it was made on, and the user's text. */
export interface ProposalEdit {
  base: string;
  mine: string;
}

/** A user's line the stream has no place for: kept before index `before` of its side. */
export interface PinnedLine {
  side: 'baseline' | 'proposal';
  before: number;
  text: string;
  /** Among lines pinned at the same place, their order in the document (ascending). */
  order: number;
}

export interface LineOverrides {
  baseline: Map<number, string>;
  proposal: Map<number, ProposalEdit>;
  pinned: PinnedLine[];
}

/** Where a painted line came from in the layout it was rendered from. */
export interface LineOrigin {
  baseline?: number;
  proposal?: number;
  /** Index into `LineOverrides.pinned`. */
  pinned?: number;
  /** The stream's text of the line, before the user's text was carried in. */
  raw: string;
}

export interface Overridden {
  layout: Layout;
  /** One per line of `layout`. */
  origins: LineOrigin[];
  /**
   * The overrides `origins` index into: the given ones, with the edits that could not be merged
   * pinned and the moved ones moved. They hold only once this layout is in the document.
   */
  overrides: LineOverrides;
}

export const noOverrides = (): LineOverrides => ({ baseline: new Map(), proposal: new Map(), pinned: [] });

/** Origins of a region's lines as they stand (context and removed lines on the baseline side; green lines have no place in a new ask). */
export function originsOfRegion(kinds: readonly LineKind[], texts: readonly string[]): LineOrigin[] {
  let baseline = 0;
  return kinds.map((kind, i) => (onBaseline(kind) ? { baseline: baseline++, raw: texts[i] } : { raw: texts[i] }));
}

/** Where a typed line of no side sits: the baseline lines above it, and which pinned lines are above it. */
export interface Placement {
  baselineAbove: number;
  pinnedAbove(pinned: number): boolean;
}

/** Records that the user's text of a line with `origin` is now `text`; a line of no side is pinned where `placement` says. */
export function recordTyping(overrides: LineOverrides, origin: LineOrigin, text: string, placement: Placement): LineOrigin {
  if (origin.pinned !== undefined) overrides.pinned[origin.pinned].text = text;
  else if (origin.baseline !== undefined) overrides.baseline.set(origin.baseline, text);
  else if (origin.proposal !== undefined) overrides.proposal.set(origin.proposal, { base: origin.raw, mine: text });
  else {
    const before = placement.baselineAbove;
    const around = overrides.pinned.map((p, i) => ({ p, i })).filter(({ p }) => p.side === 'baseline' && p.before === before);
    const above = around.filter(({ i }) => placement.pinnedAbove(i)).map(({ p }) => p.order);
    const below = around.filter(({ i }) => !placement.pinnedAbove(i)).map(({ p }) => p.order);
    const low = above.length > 0 ? Math.max(...above) : null;
    const high = below.length > 0 ? Math.min(...below) : null;
    const order = low === null ? (high === null ? 0 : high - 1) : high === null ? low + 1 : (low + high) / 2;
    return { pinned: overrides.pinned.push({ side: 'baseline', before, text, order }) - 1, raw: text };
  }
  return origin;
}

/**
 * The layout with the user's lines carried in. Proposal edits that cannot be merged are pinned and
 * green edits whose line has not arrived (or left) are shown at the end until it does; `given` is
 * left as it is: the overrides this layout implies are returned, for the owner to take once the
 * layout is rendered. A layout planned but never rendered (its render answered stale) must not
 * change what the user's later typing is recorded against, or the user's line would be both
 * pinned and carried as a proposal edit: there twice.
 */
export function applyOverrides(layout: Layout, given: LineOverrides): Overridden {
  if (given.baseline.size === 0 && given.proposal.size === 0 && given.pinned.length === 0) {
    return { layout, origins: plainOrigins(layout.lines), overrides: given };
  }
  const overrides = copyOverrides(given);
  realign(overrides, layout.lines.filter((l) => onProposal(l.kind)).map((l) => l.text));
  const lines: LayoutLine[] = [];
  const origins: LineOrigin[] = [];
  /** Raw layout index → output index, or -1 when the user took the line (its word tints go). */
  const moved: number[] = [];
  const placed = new Set<number>();
  const emitPinned = (side: PinnedLine['side'], before: number) =>
    overrides.pinned
      .map((p, i) => ({ p, i }))
      .filter(({ p }) => p.side === side && p.before === before)
      .sort((x, y) => x.p.order - y.p.order)
      .forEach(({ p, i }) => {
        lines.push({ kind: 'context', text: p.text });
        origins.push({ pinned: i, raw: p.text });
      });
  let b = 0;
  let p = 0;
  layout.lines.forEach((line) => {
    const baseline = onBaseline(line.kind) ? b++ : undefined;
    const proposal = onProposal(line.kind) ? p++ : undefined;
    if (baseline !== undefined) emitPinned('baseline', baseline);
    if (proposal !== undefined) emitPinned('proposal', proposal);
    let text: string | undefined = baseline !== undefined ? overrides.baseline.get(baseline) : undefined;
    const edit = proposal !== undefined ? overrides.proposal.get(proposal) : undefined;
    if (edit && proposal !== undefined) {
      placed.add(proposal);
      const merged = text === undefined && sameStreamLine(edit.base, line.text) ? mergeLine(edit.base, edit.mine, line.text) : null;
      if (merged === null) {
        // Both cannot live on one line: the user's text stays as a line of its own, before this one.
        overrides.proposal.delete(proposal);
        overrides.pinned.push({ side: 'proposal', before: proposal, text: edit.mine, order: 0 });
        lines.push({ kind: 'context', text: edit.mine });
        origins.push({ pinned: overrides.pinned.length - 1, raw: edit.mine });
      } else text = merged;
    }
    moved.push(text === undefined ? lines.length : -1);
    lines.push(text === undefined ? line : { kind: 'context', text });
    origins.push({ baseline, proposal, raw: line.text });
  });
  emitPinned('baseline', b);
  emitPinned('proposal', p);
  for (const [index, edit] of overrides.proposal) {
    if (placed.has(index)) continue;
    lines.push({ kind: 'context', text: edit.mine });
    origins.push({ proposal: index, raw: edit.base });
  }
  const words: WordSpan[] = [];
  for (const w of layout.words) if (moved[w.line] >= 0) words.push({ ...w, line: moved[w.line] });
  const streamingLine = layout.streamingLine === null || moved[layout.streamingLine] < 0 ? null : moved[layout.streamingLine];
  return { layout: { lines, words, streamingLine }, origins, overrides };
}

function copyOverrides(o: LineOverrides): LineOverrides {
  return { baseline: new Map(o.baseline), proposal: new Map(o.proposal), pinned: o.pinned.map((p) => ({ ...p })) };
}

function plainOrigins(lines: readonly LayoutLine[]): LineOrigin[] {
  let b = 0;
  let p = 0;
  return lines.map((line) => ({ baseline: onBaseline(line.kind) ? b++ : undefined, proposal: onProposal(line.kind) ? p++ : undefined, raw: line.text }));
}

/** The same line of the stream, re-indented or grown since the user typed on it (a blank line stays blank). */
const sameStreamLine = (base: string, text: string) => text.trimStart().startsWith(base.trimStart()) && (base.trim() !== '' || text.trim() === '');

/**
 * A proposal's lines can shift (chatter dropped once the fence arrives): an edit whose index now
 * holds another line moves to the nearest index that holds its line, if one is free.
 */
function realign(overrides: LineOverrides, proposal: readonly string[]): void {
  for (const [index, edit] of [...overrides.proposal]) {
    if (index >= proposal.length || sameStreamLine(edit.base, proposal[index])) continue;
    let found = -1;
    for (let d = 1; found < 0 && (index - d >= 0 || index + d < proposal.length); d++) {
      for (const j of [index - d, index + d]) {
        if (j >= 0 && j < proposal.length && !overrides.proposal.has(j) && sameStreamLine(edit.base, proposal[j])) {
          found = j;
          break;
        }
      }
    }
    if (found < 0) continue;
    overrides.proposal.delete(index);
    overrides.proposal.set(found, edit);
  }
}
