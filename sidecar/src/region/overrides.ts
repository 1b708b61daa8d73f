/**
 * The user's typing on a region's lines while a reply streams in. The stream keeps diffing against
 * the text the model saw; these overrides carry the user's current text into the layout, keyed by
 * the line's index on its side (original lines by baseline index, finished green lines by proposal
 * index), so a later render never types over them. An overridden line loses its word tints.
 */
import type { Layout } from '../edit/layout.js';
import { onBaseline, onProposal, type LineKind } from '../edit/lines.js';

export interface LineOverrides {
  baseline: Map<number, string>;
  proposal: Map<number, string>;
}

export const noOverrides = (): LineOverrides => ({ baseline: new Map(), proposal: new Map() });

/** Indices of region line `index` on the baseline and proposal sides, given the kinds above it. */
export function sideIndices(kinds: readonly LineKind[], index: number): { baseline: number; proposal: number } {
  let baseline = 0;
  let proposal = 0;
  for (let i = 0; i < index; i++) {
    if (onBaseline(kinds[i])) baseline++;
    if (onProposal(kinds[i])) proposal++;
  }
  return { baseline, proposal };
}

export function applyOverrides(layout: Layout, overrides: LineOverrides): Layout {
  if (overrides.baseline.size === 0 && overrides.proposal.size === 0) return layout;
  const replaced = new Set<number>();
  let baseline = 0;
  let proposal = 0;
  const lines = layout.lines.map((line, i) => {
    const text = line.kind === 'added' ? (i === layout.streamingLine ? undefined : overrides.proposal.get(proposal)) : overrides.baseline.get(baseline);
    if (onBaseline(line.kind)) baseline++;
    if (onProposal(line.kind)) proposal++;
    if (text === undefined || text === line.text) return line;
    replaced.add(i);
    return { kind: line.kind, text };
  });
  return { lines, words: layout.words.filter((w) => !replaced.has(w.line)), streamingLine: layout.streamingLine };
}
