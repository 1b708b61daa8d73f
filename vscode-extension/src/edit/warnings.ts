/**
 * What the extension shows of a proposal's findings (a status's `warnings`), as pure functions: the
 * severity of each kind, the line each goes on, the fixes offered on a line, and whether a fix may
 * still be applied to the document as it is now.
 */
import type { EditWarning, EditWarningKind, Hunk, TextEdit, WarningFix } from '@redline/shared-protocol';
import { shiftLine } from './marks';

export type WarningSeverity = 'warning' | 'information';

/** Kinds that only tell what happened (the sidecar added an import, the model was asked again); every other kind is a problem to look at. */
const INFORMATIONAL: ReadonlySet<EditWarningKind> = new Set<EditWarningKind>(['addedImport', 'repaired']);

export function severityOf(kind: EditWarningKind): WarningSeverity {
  return INFORMATIONAL.has(kind) ? 'information' : 'warning';
}

/** One finding as shown: on a line of the document; `index` is its place in the status's list. */
export interface ShownWarning {
  index: number;
  kind: EditWarningKind;
  line: number;
  message: string;
  severity: WarningSeverity;
  /** Characters [start, end) of `line` it concerns (an unknown name); absent: the whole line. */
  columns?: { start: number; end: number };
  fix?: WarningFix;
}

/**
 * The first line of a session's proposal: its first added (or streaming) line, else its first hunk's
 * start (a proposal that only deletes), else null.
 */
export function proposalFirstLine(proposalLines: readonly number[], hunks: readonly Hunk[]): number | null {
  if (proposalLines.length > 0) return Math.min(...proposalLines);
  return hunks.length > 0 ? Math.min(...hunks.map((h) => h.start)) : null;
}

/**
 * A status's warnings as shown in a document of `lineCount` lines: each on its own line, one without
 * a line on the proposal's first line (the document's first when there is none), every line clamped
 * into the document (the user may have shortened it since).
 */
export function shownWarnings(warnings: readonly EditWarning[], firstLine: number | null, lineCount: number): ShownWarning[] {
  const last = Math.max(0, lineCount - 1);
  return warnings.map((w, index) => {
    const line = Math.min(Math.max(0, w.line ?? firstLine ?? 0), last);
    // The name's columns, while the finding is still on the line they were given for.
    const range = w.range && w.range.start.line === line && w.range.end.line === line && w.range.end.character > w.range.start.character ? w.range : undefined;
    return {
      index,
      kind: w.kind,
      line,
      message: w.message,
      severity: severityOf(w.kind),
      ...(range ? { columns: { start: range.start.character, end: range.end.character } } : {}),
      ...(w.fix && w.fix.edits.length > 0 ? { fix: w.fix } : {}),
    };
  });
}

/** Another tool's diagnostic, as far as telling a duplicate goes. */
export interface OtherDiagnostic {
  line: number;
  start: number;
  end: number;
  message: string;
}

/**
 * The other tools' diagnostics that report the same as a finding about a name: on its line, over the
 * name's columns, naming it (TypeScript's "Cannot find name 'x'"). Such a finding is not shown again
 * (its fix is still offered, with theirs); a finding without columns has no duplicates.
 */
export function duplicatesOf(shown: ShownWarning, name: string, others: readonly OtherDiagnostic[]): OtherDiagnostic[] {
  const columns = shown.columns;
  if (!columns || name === '') return [];
  return others.filter((d) => d.line === shown.line && d.start < columns.end && d.end > columns.start && d.message.includes(name));
}

/** The warnings with a fix on lines `startLine`..`endLine` (inclusive): what a quick fix there offers. */
export function fixesOn(shown: readonly ShownWarning[], startLine: number, endLine: number): Array<ShownWarning & { fix: WarningFix }> {
  return shown.filter((w): w is ShownWarning & { fix: WarningFix } => w.fix !== undefined && w.line >= startLine && w.line <= endLine);
}

/**
 * The findings still shown once the fix of warning `index` (its `edits`, all against the same text)
 * is applied: that warning resolved, the others moved by the lines the edits added or removed above
 * them (a line an edit replaced stays where the edit starts).
 */
export function afterFix(shown: readonly ShownWarning[], index: number, edits: readonly TextEdit[]): ShownWarning[] {
  const lastFirst = [...edits].sort((a, b) => b.range.start.line - a.range.start.line);
  return shown
    .filter((w) => w.index !== index)
    .map((w) => {
      const line = lastFirst.reduce((at, e) => shiftLine(at, { startLine: e.range.start.line, endLine: e.range.end.line, text: e.newText }) ?? e.range.start.line, w.line);
      // A finding whose line an edit only moved keeps its columns; one whose text an edit touched loses them.
      const touched = lastFirst.some((e) => e.range.start.line <= w.line && (e.range.end.line > w.line || (e.range.end.line === w.line && e.range.end.character > 0)));
      const { columns, ...rest } = w;
      return { ...rest, line, ...(columns && !touched ? { columns } : {}) };
    });
}

/** The findings of one session as last reported, and the document version they describe. */
export interface ReportedWarnings {
  uri: string;
  version: number;
  shown: ShownWarning[];
}

/**
 * Why the fix of warning `index` may not be applied now, or null when it may: a fix's edits are
 * offsets in the document as it was at its status, so any later change (the user's, a render) may
 * have moved the text they name, and they are refused rather than applied at the wrong place.
 */
export function fixRefusal(reported: ReportedWarnings | undefined, index: number, currentVersion: number | undefined): string | null {
  if (!reported || currentVersion === undefined) return 'the proposal this fix belongs to is no longer open; nothing was changed.';
  if (!reported.shown.some((w) => w.index === index && w.fix)) return 'that fix is no longer offered; nothing was changed.';
  if (currentVersion !== reported.version) {
    return 'the document changed after this fix was proposed, so its edits may no longer fit; nothing was changed. Make the change by hand.';
  }
  return null;
}
