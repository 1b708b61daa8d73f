/**
 * The apply pipeline of a located format, one edit at a time as the reply streams:
 *
 *   read (parse, per-edit schema) → path and scope check → locate in the text the model saw →
 *   snapshot check (relocate into the document as it is now) → apply in memory (splice) → render
 *
 * Every stage either passes the edit on or refuses it with a finding; nothing refused is applied,
 * and the other edits still are. Validation of the whole proposal (syntax, large deletions) runs
 * once the reply has ended (`validate.ts`).
 */
import type { EditReader, ProposedEdit } from '../formats/format.js';
import { locateEdit } from './locate.js';
import { relocate } from './relocate.js';
import { checkPath, checkScope, type AllowedLines } from './scope.js';
import { proposedSide, spliceEdit, type RegionLine } from './splice.js';
import { editName, type Finding, type LocatedEdit } from './types.js';

export interface LocatedAskInput {
  reader: EditReader;
  uri: string;
  /** The whole document as the model saw it. */
  seen: readonly string[];
  /** Where the region's side the edits apply to lies in `seen`: lines [regionStart, regionEnd). */
  regionStart: number;
  regionEnd: number;
  /** The lines of `seen` the edits may change. */
  allowed: AllowedLines;
}

export class LocatedProposal {
  /** Accepted edits, in region-side coordinates of the text the model saw, in reply order. */
  private readonly edits: LocatedEdit[] = [];
  private readonly wholeLines = new Map<number, boolean>();
  private readonly handled = new Set<number>();
  private readonly seenSide: string[];
  /** Refusals and flags so far; a line indexes the region's side (or is null). */
  readonly findings: Finding[] = [];

  constructor(private readonly input: LocatedAskInput) {
    this.seenSide = input.seen.slice(input.regionStart, input.regionEnd);
  }

  /** Reads what the reply added; true when an edit or a finding arrived (a render or status is due). */
  grow(replySoFar: string): boolean {
    const { edits, problems } = this.input.reader.read(replySoFar);
    for (const p of problems) this.findings.push({ kind: 'malformed', message: p.message, line: null });
    for (const edit of edits) this.accept(edit);
    return edits.length > 0 || problems.length > 0;
  }

  /** The whole reply; an error refuses it as a whole. */
  finish(reply: string): { error: string } | null {
    const result = this.input.reader.finish(reply);
    if ('error' in result) return result;
    for (const p of result.problems) this.findings.push({ kind: 'malformed', message: p.message, line: null });
    for (const edit of result.edits) this.accept(edit);
    return null;
  }

  /** Edits accepted and not yet shown: a render would change the picture. */
  get pending(): boolean {
    return this.edits.some((e) => !this.handled.has(e.index));
  }

  /**
   * The region's lines with every accepted edit not yet shown applied, each relocated into the lines
   * as they are now. `commit` is called once the render of this plan is applied: only then are its
   * edits shown and its refusals final (a stale render is planned again).
   */
  plan(current: readonly RegionLine[]): { lines: RegionLine[]; commit(): void } {
    let lines = [...current];
    const done: number[] = [];
    const refused: Finding[] = [];
    for (const edit of this.edits) {
      if (this.handled.has(edit.index)) continue;
      const placed = relocate(this.seenSide, proposedSide(lines), edit, this.wholeLines.get(edit.index) ?? true);
      done.push(edit.index);
      if (!placed.ok) {
        refused.push(placed.finding);
        continue;
      }
      lines = spliceEdit(lines, placed.value.start, placed.value.end, placed.value.lines);
    }
    return {
      lines,
      commit: () => {
        for (const i of done) this.handled.add(i);
        this.findings.push(...refused);
      },
    };
  }

  private accept(edit: ProposedEdit): void {
    const { uri, seen, regionStart, allowed } = this.input;
    this.wholeLines.set(edit.index, edit.wholeLines);
    const path = checkPath(edit.index, edit.path, uri, edit.wholeLines);
    if (!path.ok) return this.refuse(path.finding);
    const located = locateEdit(seen, edit);
    if (!located.ok) return this.refuse(located.finding);
    const scoped = checkScope(located.value, allowed, edit.wholeLines);
    if (!scoped.ok) return this.refuse(scoped.finding);
    const e = located.value;
    const clash = this.edits.find((o) => o.start + regionStart < e.end && e.start < o.end + regionStart);
    if (clash) {
      return this.refuse({
        kind: 'overlap',
        message: `${editName(e.index, edit.wholeLines)} changes lines that ${editName(clash.index, edit.wholeLines).toLowerCase()} already changes; it was not applied.`,
        line: e.start,
      });
    }
    for (const note of located.notes) this.findings.push({ ...note, line: note.line === null ? null : note.line - regionStart });
    this.edits.push({ ...e, start: e.start - regionStart, end: e.end - regionStart });
  }

  private refuse(finding: Finding): void {
    this.findings.push({ ...finding, line: finding.line === null ? null : finding.line - this.input.regionStart });
  }
}
