/**
 * The diagnostics a client sent with an inline edit, as context: those that touch the editable
 * lines, most severe first, each one line quoting the code it is about, so the model can tell
 * which `x` the compiler means without line numbers.
 */
import type { Diagnostic } from '@redline/shared-protocol';
import type { ContextItem } from './types.js';

/** Most diagnostics one request carries. */
export const MAX_DIAGNOSTICS = 10;
const QUOTE_MAX_CHARS = 120;

const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

/** The document's line `n` ('' past its end). */
export type LineAt = (n: number) => string;

/** Diagnostics on lines [startLine, endLine), as items ranked by severity then position. */
export function diagnosticItems(diagnostics: readonly Diagnostic[], lineAt: LineAt, startLine: number, endLine: number, path: string): ContextItem[] {
  const touching = diagnostics.filter((d) => d.range.end.line >= startLine && d.range.start.line < endLine);
  // An absent severity is the client's to decide; LSP clients show it as an error.
  const severity = (d: Diagnostic) => d.severity ?? 1;
  const ordered = [...touching].sort(
    (a, b) =>
      severity(a) - severity(b) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.character - b.range.start.character ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
  return ordered.slice(0, MAX_DIAGNOSTICS).map((d, rank) => ({
    kind: 'diagnostic',
    path,
    label: [d.source, d.code].filter((x) => x !== undefined && x !== '').join(' ') || SEVERITY[severity(d)],
    languageId: 'text',
    text: describeDiagnostic(d, lineAt),
    rank,
  }));
}

/** `error (ts 2304) at `returnPolicy` in `  await returnPolicy.assertCanReturn({`: Cannot find name 'returnPolicy'.` */
export function describeDiagnostic(d: Diagnostic, lineAt: LineAt): string {
  const code = [d.source, d.code].filter((x) => x !== undefined && x !== '').join(' ');
  const line = lineAt(d.range.start.line);
  const sameLine = d.range.end.line === d.range.start.line;
  const span = sameLine ? line.slice(d.range.start.character, d.range.end.character) : line.slice(d.range.start.character);
  const at = span.trim() ? ` at \`${clip(span.trim())}\`` : '';
  const where = line.trim() ? ` in \`${clip(line.trim())}\`` : '';
  const message = d.message.replace(/\s*\n\s*/g, ' ').trim();
  return `${SEVERITY[d.severity ?? 1]}${code ? ` (${code})` : ''}${at}${where}: ${message}`;
}

function clip(text: string): string {
  return text.length > QUOTE_MAX_CHARS ? `${text.slice(0, QUOTE_MAX_CHARS - 1)}…` : text;
}
