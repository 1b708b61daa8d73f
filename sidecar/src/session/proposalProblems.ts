/**
 * What the edit session makes of the editor's analysis of two copies of the document (the original
 * and the proposal, analysed alike), pure: the problems the proposal adds on its own lines, and
 * each as a finding with the editor's fix where that fix can be applied to the document as it is
 * shown (the proposal's red lines in place).
 */
import type { CopyProblem, Diagnostic, EditWarning, Range, TextEdit, WarningFix } from '@redline/shared-protocol';

/** More new problems than this on one proposal are not listed one by one: the first ones say enough. */
export const MAX_EDITOR_PROBLEMS = 10;

const problemKey = (d: Diagnostic) => `${d.source ?? ''}\u0000${d.code ?? ''}\u0000${d.message}`;

/** Errors and warnings; information and hints (an unused name, a suggestion) are no problem of the proposal's. */
const isProblem = (d: Diagnostic) => d.severity === undefined || d.severity <= 2;

/**
 * The problems of `after` on `rows` (the proposal's lines) that `before` did not have: of each kind
 * (source, code and message), as many as `after` has more than `before`, wherever they are, so a
 * problem the original had that only moved with the lines is not new. In document order.
 */
export function addedProblems(before: readonly Diagnostic[], after: readonly CopyProblem[], rows: ReadonlySet<number>): CopyProblem[] {
  const surplus = new Map<string, number>();
  for (const d of after.filter(isProblem)) surplus.set(problemKey(d), (surplus.get(problemKey(d)) ?? 0) + 1);
  for (const d of before.filter(isProblem)) surplus.set(problemKey(d), (surplus.get(problemKey(d)) ?? 0) - 1);
  const out: CopyProblem[] = [];
  const sorted = after.filter((d) => isProblem(d) && rows.has(d.range.start.line)).sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  for (const d of sorted) {
    const left = surplus.get(problemKey(d)) ?? 0;
    if (left <= 0) continue;
    surplus.set(problemKey(d), left - 1);
    out.push(d);
  }
  return out;
}

export interface ProblemPlacement {
  /** The document line (the proposal's red lines in place) of a row of the proposed copy. */
  line(row: number): number;
  /** The region's first line: rows above it are the same in the copy and in the document. */
  regionStart: number;
  /** The session's own name check: each name nothing gives, its row, and whether the workspace gives an import for it. */
  unknownNames: ReadonlyArray<{ name: string; row: number; fixed: boolean }>;
}

export interface ProblemFindings {
  warnings: EditWarning[];
  /** Indexes of `unknownNames` whose finding an editor's problem says instead (the same name on the same row, no import known). */
  replaces: Set<number>;
}

/**
 * Findings for the new problems, at most MAX_EDITOR_PROBLEMS. A name the session's own check
 * reported on the same row is said once: by the session when it knows the import, else by the
 * editor (its words, its fix).
 */
export function problemFindings(problems: readonly CopyProblem[], at: ProblemPlacement): ProblemFindings {
  const replaces = new Set<number>();
  const warnings: EditWarning[] = [];
  for (const d of problems) {
    const same = at.unknownNames.findIndex((n) => n.row === d.range.start.line && mentions(d.message, n.name));
    if (same >= 0 && at.unknownNames[same].fixed) continue;
    if (warnings.length === MAX_EDITOR_PROBLEMS) break;
    if (same >= 0) replaces.add(same);
    const fix = d.fixes?.map((f) => documentFix(f, at)).find((f) => f !== null);
    warnings.push({ kind: 'editorProblem', message: problemMessage(d), line: at.line(d.range.start.line), ...(fix ? { fix } : {}) });
  }
  return { warnings, replaces };
}

/** "New problem (ts 2304): Cannot find name 'x'." — who found it, then its own words. */
export function problemMessage(d: Diagnostic): string {
  const who = d.source ? ` (${d.source}${d.code !== undefined ? ` ${d.code}` : ''})` : '';
  return `New problem${who}: ${d.message}`;
}

/** The name in quotes of any kind in a message: `x`, 'x', "x", ‘x’. */
function mentions(message: string, name: string): boolean {
  return [`'${name}'`, `"${name}"`, `\`${name}\``, `\u2018${name}\u2019`].some((quoted) => message.includes(quoted));
}

/**
 * A fix of the copy as edits of the document as shown, or null when it cannot be one: each edit
 * either lies above the region (the same text before and after a verdict, like an import) or
 * changes text within one line (so it never joins or splits a red or green line).
 */
function documentFix(fix: WarningFix, at: ProblemPlacement): WarningFix | null {
  const edits: TextEdit[] = [];
  for (const e of fix.edits) {
    const { start, end } = e.range;
    const above = end.line < at.regionStart || (end.line === at.regionStart && end.character === 0);
    if (above) edits.push(e);
    else if (start.line === end.line && !/[\r\n]/.test(e.newText)) edits.push({ range: onLine(at.line(start.line), e.range), newText: e.newText });
    else return null;
  }
  return edits.length > 0 ? { title: fix.title, edits } : null;
}

function onLine(line: number, range: Range): Range {
  return { start: { line, character: range.start.character }, end: { line, character: range.end.character } };
}

/** Rows as whole-line ranges of `lines` (consecutive rows as one range, ending at the last row's end). */
export function rowRanges(rows: ReadonlySet<number>, lines: readonly string[]): Range[] {
  const sorted = [...rows].sort((a, b) => a - b);
  const out: Range[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    out.push({ start: { line: sorted[i], character: 0 }, end: { line: sorted[j], character: lines[sorted[j]]?.length ?? 0 } });
    i = j + 1;
  }
  return out;
}
