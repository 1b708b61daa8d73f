/**
 * The apply pipeline of a located format, one edit at a time as the reply streams:
 *
 *   read (parse, per-edit schema) → path and scope check → locate in the text the model saw →
 *   snapshot check (relocate into the document as it is now) → apply in memory (splice) → render
 *
 * A whole-file reply enters at the scope check: its hunks are located already. Every stage either
 * passes the edit on or refuses it with a finding; nothing refused is applied, and the other edits
 * still are. Validation of the whole proposal (syntax, large deletions) runs
 * once the reply has ended (`validate.ts`).
 */
import type { EditReader, ProposedEdit } from '../formats/format.js';
import type { WholeFileReader } from '../formats/wholeFile.js';
import { locateEdit } from './locate.js';
import { relocate } from './relocate.js';
import { checkPath, checkScope, type AllowedLines } from './scope.js';
import { proposedSide, spliceEdit, type RegionLine } from './splice.js';
import { editName, type Finding, type LocatedEdit } from './types.js';

export interface LocatedAskInput {
  /** Edits that name their text (SEARCH/REPLACE, structured), or hunks of a whole-file reply. */
  reader: EditReader | WholeFileReader;
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
  /** Edits painted into the region (handled and not refused). */
  private readonly applied = new Set<number>();
  /** The region's side the edits' lines refer to: what the model saw (a whole file's last hunks: with the shown ones applied). */
  private seenSide: string[];
  private allowed: { start: number; end: number };
  /** Refusals and flags so far; a line indexes the region's side (or is null). */
  readonly findings: Finding[] = [];
  /** Edits refused for their scope, in `seenSide`'s lines: a whole file's last diff finds them again. */
  private readonly outOfScope: LocatedEdit[] = [];

  constructor(private readonly input: LocatedAskInput) {
    this.seenSide = input.seen.slice(input.regionStart, input.regionEnd);
    this.allowed = { start: input.allowed.start - input.regionStart, end: input.allowed.end - input.regionStart };
  }

  /** A whole-file reply: its hunks are located already, and its end waits until every shown hunk is painted. */
  get whole(): boolean {
    return !('finish' in this.input.reader);
  }

  /** Reads what the reply added; true when an edit or a finding arrived (a render or status is due). */
  grow(replySoFar: string): boolean {
    const reader = this.input.reader;
    if (!('finish' in reader)) {
      const hunks = reader.read(replySoFar);
      for (const h of hunks) this.acceptLocated(h, true);
      return hunks.length > 0;
    }
    const { edits, problems } = reader.read(replySoFar);
    for (const p of problems) this.findings.push({ kind: 'malformed', message: p.message, line: null });
    for (const edit of edits) this.accept(edit);
    return edits.length > 0 || problems.length > 0;
  }

  /** The whole reply; an error refuses it as a whole. */
  finish(reply: string): { error: string } | null {
    const reader = this.input.reader;
    if (!('finish' in reader)) {
      this.finishWhole(reader, reply);
      return null;
    }
    const result = reader.finish(reply);
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
    const spliced: number[] = [];
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
      spliced.push(edit.index);
    }
    return {
      lines,
      commit: () => {
        for (const i of done) this.handled.add(i);
        for (const i of spliced) this.applied.add(i);
        this.findings.push(...refused);
      },
    };
  }

  private accept(edit: ProposedEdit): void {
    const { uri, seen, regionStart } = this.input;
    this.wholeLines.set(edit.index, edit.wholeLines);
    const path = checkPath(edit.index, edit.path, uri, edit.wholeLines);
    if (!path.ok) return this.refuse(path.finding, regionStart);
    const located = locateEdit(seen, edit);
    if (!located.ok) return this.refuse(located.finding, regionStart);
    for (const note of located.notes) this.findings.push({ ...note, line: note.line === null ? null : note.line - regionStart });
    const e = located.value;
    this.acceptLocated({ ...e, start: e.start - regionStart, end: e.end - regionStart }, edit.wholeLines);
  }

  /** Scope and overlap checks of an edit located in region-side lines. */
  private acceptLocated(e: LocatedEdit, wholeLines: boolean): void {
    this.wholeLines.set(e.index, wholeLines);
    const scoped = checkScope(e, this.allowed, wholeLines);
    if (!scoped.ok) {
      this.outOfScope.push(e);
      return this.refuse(scoped.finding, 0);
    }
    const clash = this.edits.find((o) => o.start < e.end && e.start < o.end);
    if (clash) {
      return this.refuse(
        {
          kind: 'overlap',
          message: `${editName(e.index, wholeLines)} changes lines that ${editName(clash.index, wholeLines).toLowerCase()} already changes; it was not applied.`,
          line: e.start,
        },
        0,
      );
    }
    this.edits.push(e);
  }

  /**
   * The rest of a whole-file reply: the hunks shown so far are applied to what the model saw, and
   * what still differs from the final text becomes the last edits, against that.
   */
  private finishWhole(reader: WholeFileReader, reply: string): void {
    const shown = this.edits.filter((e) => this.applied.has(e.index)).sort((a, b) => a.start - b.start);
    let base = [...this.seenSide];
    let { start, end } = this.allowed;
    for (const e of [...shown].reverse()) {
      base = [...base.slice(0, e.start), ...e.lines, ...base.slice(e.end)];
      const delta = e.lines.length - (e.end - e.start);
      if (e.end <= start) start += delta;
      if (e.end <= end) end += delta;
    }
    // A hunk refused on the way is in the last diff again, where the shown ones above it moved it.
    const shift = (at: number) => shown.filter((e) => e.end <= at).reduce((d, e) => d + e.lines.length - (e.end - e.start), 0);
    const reported = this.outOfScope.map((r) => ({ start: r.start + shift(r.start), end: r.end + shift(r.start), text: r.lines.join('\n') }));
    // From here the edits' lines refer to `base`: the earlier ones are all painted, or refused.
    this.edits.length = 0;
    this.seenSide = base;
    this.allowed = { start, end: Math.max(start, end) };
    for (const e of reader.rest(base, reader.final(reply))) {
      if (!reported.some((r) => r.start === e.start && r.end === e.end && r.text === e.lines.join('\n'))) this.acceptLocated(e, true);
    }
  }

  private refuse(finding: Finding, regionStart: number): void {
    this.findings.push({ ...finding, line: finding.line === null ? null : finding.line - regionStart });
  }
}
