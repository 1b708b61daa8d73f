/**
 * Paints a session's region for a terminal: red removed lines, green added lines, changed words in
 * a stronger tint, a few context lines around. Pure: returns the lines to print.
 */
import type { DiffLineKind, RenderDecorations, TextBuffer } from '@redline/shared-protocol';

const RESET = '\x1b[0m';
const STYLE = {
  removed: { line: '\x1b[31m', word: '\x1b[1;37;41m', sign: '-' },
  added: { line: '\x1b[32m', word: '\x1b[1;30;42m', sign: '+' },
  context: { line: '\x1b[2m', word: '', sign: ' ' },
} as const;

export const CONTEXT_LINES = 2;

export function paintRegion(buffer: TextBuffer, decorations: Pick<RenderDecorations, 'runs' | 'words' | 'streamingLine'>, color: boolean): string[] {
  if (decorations.runs.length === 0) return [];
  const kindOf = new Map<number, DiffLineKind>();
  for (const run of decorations.runs) for (let i = 0; i < run.count; i++) kindOf.set(run.start + i, run.kind);
  const first = Math.max(0, decorations.runs[0].start - CONTEXT_LINES);
  const lastRun = decorations.runs[decorations.runs.length - 1];
  const last = Math.min(buffer.lineCount - 1, lastRun.start + lastRun.count - 1 + CONTEXT_LINES);
  const width = String(last + 1).length;
  const out: string[] = [];
  for (let line = first; line <= last; line++) {
    const kind = kindOf.get(line) ?? 'context';
    const style = STYLE[kind];
    const text = buffer.lineAt(line);
    const number = String(line + 1).padStart(width);
    if (!color) {
      out.push(`${number} ${style.sign} ${text}`);
      continue;
    }
    const spans = decorations.words.filter((w) => w.line === line).sort((a, b) => a.start - b.start);
    let body = '';
    let at = 0;
    for (const span of spans) {
      body += text.slice(at, span.start) + style.word + text.slice(span.start, span.end) + RESET + style.line;
      at = span.end;
    }
    body += text.slice(at);
    const cursor = decorations.streamingLine === line ? '\x1b[7m \x1b[27m' : '';
    out.push(`${style.line}${number} ${style.sign} ${body}${cursor}${RESET}`);
  }
  return out;
}
