/**
 * What the terminal shows, as lines to print: the streaming region (red removed lines, green
 * added lines, changed words in a stronger tint, the original lines the stream has not reached yet
 * dimmed with `~`, a few context lines around) and settled hunks in the style of `git diff`. Pure.
 * In changed lines, tabs and trailing blanks are drawn visibly, and a pair that differs only in
 * whitespace is labelled ("indentation only") on its green line and in its hunk's header (after the
 * second `@@`, where `git apply` ignores it); control characters from the file are shown in caret
 * notation instead of reaching the terminal.
 */
import cliTruncate from 'cli-truncate';
import stringWidth from 'string-width';
import type { DiffLineKind, RenderDecorations, TextBuffer, WhitespaceOnly } from '@redline/shared-protocol';
import { hunkHeader, NO_EOL, type UnifiedHunk } from './unifiedDiff.js';

const RESET = '\x1b[0m';
const STYLE = {
  removed: { line: '\x1b[31m', word: '\x1b[1;37;41m', sign: '-' },
  added: { line: '\x1b[32m', word: '\x1b[1;30;42m', sign: '+' },
  context: { line: '\x1b[2m', word: '', sign: ' ' },
  unreached: { line: '\x1b[2;3m', word: '', sign: '~' },
} as const;
const HEADER = '\x1b[36m';
const DIM = '\x1b[2m';

export const CONTEXT_LINES = 2;

type Decorations = Pick<RenderDecorations, 'runs' | 'words' | 'whitespace' | 'streamingLine'>;

const LABEL: Record<WhitespaceOnly, string> = { indentation: 'indentation only', whitespace: 'whitespace only' };
type Span = { start: number; end: number };

/** The streaming region with line numbers: `12 - old`, `13 + new`. */
export function paintRegion(buffer: TextBuffer, decorations: Decorations, color: boolean): string[] {
  if (decorations.runs.length === 0) return [];
  const kindOf = new Map<number, DiffLineKind>();
  for (const run of decorations.runs) for (let i = 0; i < run.count; i++) kindOf.set(run.start + i, run.kind);
  const first = Math.max(0, decorations.runs[0].start - CONTEXT_LINES);
  const lastRun = decorations.runs[decorations.runs.length - 1];
  // The empty "line" after a final line break is not one of the file's.
  const lastLine = buffer.lineCount > 1 && buffer.lineAt(buffer.lineCount - 1) === '' ? buffer.lineCount - 2 : buffer.lineCount - 1;
  const last = Math.min(Math.max(lastLine, lastRun.start + lastRun.count - 1), lastRun.start + lastRun.count - 1 + CONTEXT_LINES);
  const width = String(last + 1).length;
  const out: string[] = [];
  for (let line = first; line <= last; line++) {
    const kind = kindOf.get(line) ?? 'context';
    const number = String(line + 1).padStart(width);
    const cursor = color && decorations.streamingLine === line ? '\x1b[7m \x1b[27m' : '';
    const change = kind === 'added' ? decorations.whitespace.find((w) => w.line === line)?.change : undefined;
    const label = change ? (color ? `${DIM}  (${LABEL[change]})${RESET}` : `  (${LABEL[change]})`) : '';
    out.push(styledLine(kind, `${number} ${STYLE[kind].sign} `, buffer.lineAt(line), spansOn(decorations, line), color, cursor) + label);
  }
  return out;
}

/** One hunk as `git diff` shows it: its header, then context, `-` and `+` lines. */
export function paintHunk(hunk: UnifiedHunk, decorations: Decorations, color: boolean): string[] {
  const change = whitespaceOnly(hunk, decorations);
  const header = change ? `${hunkHeader(hunk)} ${LABEL[change]}` : hunkHeader(hunk);
  const out = [color ? `${HEADER}${header}${RESET}` : header];
  for (const l of hunk.lines) {
    out.push(styledLine(l.kind, STYLE[l.kind].sign, l.text, l.kind === 'context' || l.line < 0 ? [] : spansOn(decorations, l.line), color, ''));
    if (l.noEol) out.push(color ? `${DIM}${NO_EOL}${RESET}` : NO_EOL);
  }
  return out;
}

/** The hunk's label when every changed line of it pairs with one differing only in whitespace. */
function whitespaceOnly(hunk: UnifiedHunk, decorations: Decorations): WhitespaceOnly | null {
  const changed = hunk.lines.filter((l) => l.kind !== 'context');
  if (changed.length === 0) return null;
  const marks = new Map(decorations.whitespace.map((w) => [w.line, w.change]));
  const kinds = changed.map((l) => (l.line < 0 ? undefined : marks.get(l.line)));
  if (kinds.includes(undefined)) return null;
  return kinds.includes('whitespace') ? 'whitespace' : 'indentation';
}

function spansOn(decorations: Decorations, line: number): Span[] {
  return decorations.words.filter((w) => w.line === line).sort((a, b) => a.start - b.start);
}

function styledLine(kind: keyof typeof STYLE, prefix: string, text: string, spans: readonly Span[], color: boolean, cursor: string): string {
  const changed = kind === 'removed' || kind === 'added';
  const trail = changed ? text.trimEnd().length : text.length;
  const shown = (from: number, to: number) => visible(text, from, to, changed, trail);
  if (!color) return prefix + shown(0, text.length);
  const style = STYLE[kind];
  let body = '';
  let at = 0;
  for (const span of spans) {
    body += shown(at, span.start) + style.word + shown(span.start, span.end) + RESET + style.line;
    at = span.end;
  }
  body += shown(at, text.length);
  return `${style.line}${prefix}${body}${cursor}${RESET}`;
}

/** Characters [from, to) of a line as they should appear; in a changed line, tabs and blanks from `trail` on are drawn. */
function visible(text: string, from: number, to: number, changed: boolean, trail: number): string {
  let out = '';
  for (let i = from; i < to; i++) {
    const ch = text[i];
    const code = ch.charCodeAt(0);
    if (ch === '\t') out += changed ? '→   ' : '    ';
    else if (ch === ' ' && i >= trail) out += '·';
    else if (code < 0x20 || code === 0x7f) out += `^${String.fromCharCode(code ^ 0x40)}`;
    else out += ch;
  }
  return out;
}

/**
 * Fits a live frame into the terminal so every redraw can be erased: at most `rows - 1` lines
 * (the cursor waits on the last), none wider than the terminal. A taller body keeps its bottom,
 * where the stream is growing, under a line saying how much is above.
 */
export function fitToScreen(body: readonly string[], status: string, rows: number, columns: number): string[] {
  const room = Math.max(0, rows - 2);
  let lines = [...body];
  if (lines.length > room) {
    const kept = Math.max(0, room - 1);
    const hidden = lines.length - kept;
    lines = [...(room > 0 ? [`… ${hidden} more ${hidden === 1 ? 'line' : 'lines'} above`] : []), ...lines.slice(lines.length - kept)];
  }
  return [...lines, status].map((line) => truncate(line, Math.max(1, columns)));
}

function truncate(line: string, columns: number): string {
  // cli-truncate can end one column over when a wide character meets the edge: ask again, narrower.
  let cut = cliTruncate(line, columns, { position: 'end' });
  for (let width = columns - 1; width > 0 && stringWidth(cut) > columns; width--) cut = cliTruncate(line, width, { position: 'end' });
  return cut;
}
