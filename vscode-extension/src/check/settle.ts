/**
 * When the copies' diagnostics count as complete, and how a VS Code diagnostic is written in the
 * protocol; pure (no VS Code import), tested beside this file.
 *
 * VS Code says when a document's diagnostics change, never that an analysis has finished, and says
 * nothing for a document without problems (the marker service fires only for a change). A language
 * server also waits before it analyses (TypeScript: 300–800 ms after a change, by the file's length,
 * longer for a new project) and reports in parts (syntax, then semantics). So a third copy, the
 * probe, is opened after the original's and the proposal's, holding text no language reads without
 * an error (PROBE_TEXT): once its problems have arrived, the server has been through the files
 * opened before it (TypeScript analyses the files of one request in order), and the copies count as
 * analysed when nothing has changed for QUIET_MS. A language whose server never reports on the probe
 * has no analysis to give.
 */
import type { Diagnostic, DiagnosticSeverity } from '@redline/shared-protocol';

export const QUIET_MS = 300;

/** Brackets closed that were never opened: a syntax error in every language with a parser. */
export const PROBE_TEXT = ')]}\n';

/**
 * The time (same clock as the arguments) at which the copies count as analysed, or null while the
 * probe's problems have not arrived (`probeChanged`), whatever the other copies did meanwhile.
 */
export function analysedAt(probeChanged: number | null, lastChange: number | null): number | null {
  if (probeChanged === null) return null;
  return Math.max(probeChanged, lastChange ?? probeChanged) + QUIET_MS;
}

/** What this file reads of a vscode.Diagnostic. */
export interface EditorDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  message: string;
  /** vscode.DiagnosticSeverity: 0 Error, 1 Warning, 2 Information, 3 Hint. */
  severity: number;
  source?: string;
  code?: string | number | { value: string | number };
}

/** A VS Code diagnostic as the protocol's (LSP's) Diagnostic: severities counted from 1, the code's value. */
export function protocolDiagnostic(d: EditorDiagnostic): Diagnostic {
  const code = typeof d.code === 'object' ? d.code.value : d.code;
  const at = (p: { line: number; character: number }) => ({ line: p.line, character: p.character });
  return {
    range: { start: at(d.range.start), end: at(d.range.end) },
    severity: (Math.min(Math.max(d.severity, 0), 3) + 1) as DiagnosticSeverity,
    message: d.message,
    ...(d.source ? { source: d.source } : {}),
    ...(code !== undefined ? { code } : {}),
  };
}

/** A diagnostic as the TypeScript server answers it (its protocol's Diagnostic): 1-based lines and offsets. */
export interface TsServerDiagnostic {
  start: { line: number; offset: number };
  end: { line: number; offset: number };
  text: string;
  code?: number;
  category: string;
  relatedInformation?: Array<{ span?: { file: string } }>;
}

const TS_SEVERITY: Record<string, DiagnosticSeverity> = { error: 1, warning: 2, message: 3, suggestion: 4 };

/** A TypeScript server diagnostic as the protocol's, worded and numbered as VS Code shows it (`ts`, its code). */
export function fromTsServer(d: TsServerDiagnostic): Diagnostic {
  const at = (p: { line: number; offset: number }) => ({ line: p.line - 1, character: p.offset - 1 });
  return { range: { start: at(d.start), end: at(d.end) }, severity: TS_SEVERITY[d.category] ?? 1, message: d.text, source: 'ts', ...(d.code !== undefined ? { code: d.code } : {}) };
}
