/**
 * Checks of a whole proposal, applied in memory, before it is shown as final: syntax errors the
 * original did not have, and large deletions outside the selection. Flags do not block: the user
 * decides.
 */
import type { LayoutLine } from '../layout.js';
import type { Finding } from './types.js';

/** One run of neighbouring changed lines of a layout, in layout indices and baseline indices. */
interface LayoutHunk {
  start: number;
  end: number;
  baseStart: number;
  baseEnd: number;
  added: number;
}

function layoutHunks(lines: readonly Pick<LayoutLine, 'kind'>[]): LayoutHunk[] {
  const out: LayoutHunk[] = [];
  let base = 0;
  for (let i = 0; i < lines.length; ) {
    if (lines[i].kind === 'context') {
      if (lines[i].kind !== 'added') base++;
      i++;
      continue;
    }
    const hunk: LayoutHunk = { start: i, end: i, baseStart: base, baseEnd: base, added: 0 };
    while (i < lines.length && lines[i].kind !== 'context') {
      if (lines[i].kind === 'removed') base++;
      else hunk.added++;
      i++;
    }
    hunk.end = i;
    hunk.baseEnd = base;
    out.push(hunk);
  }
  return out;
}

export interface ProposalCheck {
  /** The region's lines as the final render is to leave them, and the document line of the first. */
  lines: readonly Pick<LayoutLine, 'kind'>[];
  regionStart: number;
  /** The selection, in baseline indices of the region. */
  selection: { start: number; end: number };
  largeDeletionLines: number;
  /** Syntax error rows of the document as it was (baseline) and as proposed; null: no grammar. */
  syntaxBefore: readonly number[] | null;
  syntaxAfter: readonly number[] | null;
}

/** Findings about the whole proposal, at document lines as the region now stands. */
export function validateProposal(check: ProposalCheck): Finding[] {
  const findings: Finding[] = [];
  const { lines, regionStart, selection } = check;
  for (const h of layoutHunks(lines)) {
    const outside = h.baseEnd <= selection.start || h.baseStart >= selection.end;
    const net = h.baseEnd - h.baseStart - h.added;
    if (outside && net > check.largeDeletionLines) {
      findings.push({
        kind: 'largeDeletion',
        message: `This change removes ${net} lines outside the selection (more than ${check.largeDeletionLines}); make sure the instruction asked for it.`,
        line: regionStart + h.start,
      });
    }
  }
  const { syntaxBefore: before, syntaxAfter: after } = check;
  if (before && after && after.length > before.length) {
    // Proposed-document row → document line: rows inside the region follow its non-red lines.
    const proposedLines: number[] = [];
    lines.forEach((l, i) => {
      if (l.kind !== 'removed') proposedLines.push(i);
    });
    const toLine = (row: number) => {
      const i = row - regionStart;
      if (i < 0) return row;
      if (i < proposedLines.length) return regionStart + proposedLines[i];
      return row + (lines.length - proposedLines.length);
    };
    const onAdded = after.find((row) => lines[toLine(row) - regionStart]?.kind === 'added');
    const row = onAdded ?? after[0];
    const count = after.length - before.length;
    findings.push({
      kind: 'syntax',
      message: `The proposal has ${count} syntax error${count > 1 ? 's' : ''} the original did not have (near line ${toLine(row) + 1}).`,
      line: toLine(row),
    });
  }
  return findings;
}
