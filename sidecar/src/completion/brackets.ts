/**
 * Approximate bracket counting for the stop rules: enough to tell "still inside something the
 * completion opened" from "closed something that was already there", and to count the closers a
 * file lacks. Brackets inside strings and comments do not count; what a string or comment looks
 * like depends on the language (its lexicon).
 */
import { detached } from '@redline/shared-protocol';

const OPEN = '([{';
const CLOSE = ')]}';

export interface Lexicon {
  /** Markers that comment out the rest of the line. */
  lineComments: readonly string[];
  /** A line comment marker counts only at the line start or after whitespace (YAML's `#`). */
  commentAfterSpace: boolean;
  blockComment: readonly [string, string] | null;
  /** String delimiters, longest first; a multi-line one carries its state to the next line. */
  strings: ReadonlyArray<{ delimiter: string; multiline: boolean }>;
  /** `'` is a character literal (`'a'`, `'\n'`) rather than a string; anything else (`'a` lifetimes) is ignored. */
  charLiterals: boolean;
  /** `/…/` after an operator or at the start of an expression is a regular expression (JavaScript). */
  regexLiterals: boolean;
  /** Prose (Markdown): brackets are not counted at all. */
  prose: boolean;
}

const C_LIKE: Lexicon = {
  lineComments: ['//'],
  commentAfterSpace: false,
  blockComment: ['/*', '*/'],
  strings: [
    { delimiter: '`', multiline: true },
    { delimiter: '"', multiline: false },
    { delimiter: "'", multiline: false },
  ],
  charLiterals: false,
  regexLiterals: true,
  prose: false,
};
const JVM: Lexicon = {
  ...C_LIKE,
  strings: [
    { delimiter: '"""', multiline: true },
    { delimiter: '"', multiline: false },
  ],
  charLiterals: true,
  regexLiterals: false,
};
const LEXICONS: Record<string, Lexicon> = {
  python: {
    lineComments: ['#'],
    commentAfterSpace: false,
    blockComment: null,
    strings: [
      { delimiter: '"""', multiline: true },
      { delimiter: "'''", multiline: true },
      { delimiter: '"', multiline: false },
      { delimiter: "'", multiline: false },
    ],
    charLiterals: false,
    regexLiterals: false,
    prose: false,
  },
  java: JVM,
  kotlin: JVM,
  go: { ...C_LIKE, strings: [{ delimiter: '`', multiline: true }, { delimiter: '"', multiline: false }], charLiterals: true, regexLiterals: false },
  rust: { ...C_LIKE, strings: [{ delimiter: '"', multiline: false }], charLiterals: true, regexLiterals: false },
  css: { ...C_LIKE, lineComments: [], strings: [{ delimiter: '"', multiline: false }, { delimiter: "'", multiline: false }], regexLiterals: false },
  yaml: {
    lineComments: ['#'],
    commentAfterSpace: true,
    blockComment: null,
    strings: [{ delimiter: '"', multiline: false }],
    charLiterals: false,
    regexLiterals: false,
    prose: false,
  },
  markdown: { lineComments: [], commentAfterSpace: false, blockComment: null, strings: [], charLiterals: false, regexLiterals: false, prose: true },
};
LEXICONS.toml = LEXICONS.yaml;

/** The lexicon of an LSP languageId; C-like for languages it does not know. */
export function lexiconFor(languageId: string): Lexicon {
  return LEXICONS[languageId] ?? C_LIKE;
}

/** Carried from one line to the next: the delimiter that ends an open multi-line string or comment. */
export interface ScanState {
  closer: string | null;
}

export const CODE: ScanState = { closer: null };

export type BracketEvent = 'open' | 'close';

export interface ScannedLine {
  events: BracketEvent[];
  /** The bracket characters of `events`, in order. */
  brackets: string;
  /** A single-line string still open at the end of the line (an unterminated quote). */
  openQuote: boolean;
  state: ScanState;
}

/** The bracket events of one line, in order, and the state after it. */
export function scanLine(line: string, state: ScanState, lexicon: Lexicon): ScannedLine {
  const events: BracketEvent[] = [];
  let brackets = '';
  let closer = state.closer;
  let multiline = closer !== null;
  if (lexicon.prose) return { events, brackets, openQuote: false, state: CODE };
  const triggers = triggersOf(lexicon);
  for (let i = 0; i < line.length; ) {
    if (closer !== null) {
      if (line[i] === '\\' && closer !== '*/') i += 2;
      else if (line.startsWith(closer, i)) {
        i += closer.length;
        closer = null;
      } else i++;
      continue;
    }
    const ch = line[i];
    if (!triggers.has(ch)) {
      i++;
      continue;
    }
    if (lexicon.lineComments.some((marker) => line.startsWith(marker, i)) && (!lexicon.commentAfterSpace || i === 0 || /\s/.test(line[i - 1]))) break;
    if (lexicon.blockComment && line.startsWith(lexicon.blockComment[0], i)) {
      closer = lexicon.blockComment[1];
      multiline = true;
      i += lexicon.blockComment[0].length;
      continue;
    }
    if (ch === "'" && lexicon.charLiterals) {
      const literal = /^'(?:\\.[^']{0,8}|[^'\\])'/.exec(line.slice(i));
      i += literal ? literal[0].length : 1;
      continue;
    }
    if (ch === '/' && lexicon.regexLiterals && startsRegex(line, i)) {
      i = regexEnd(line, i);
      continue;
    }
    const string = lexicon.strings.find((s) => line.startsWith(s.delimiter, i));
    if (string) {
      closer = string.delimiter;
      multiline = string.multiline;
      i += string.delimiter.length;
      continue;
    }
    if (OPEN.includes(ch)) {
      events.push('open');
      brackets += ch;
    } else if (CLOSE.includes(ch)) {
      events.push('close');
      brackets += ch;
    }
    i++;
  }
  const carried = closer !== null && multiline;
  return { events, brackets, openQuote: closer !== null && !multiline, state: { closer: carried ? closer : null } };
}

const TRIGGERS = new WeakMap<Lexicon, Set<string>>();

/** The characters that can start something the scanner must look at: most characters of a line start nothing. */
function triggersOf(lexicon: Lexicon): Set<string> {
  let triggers = TRIGGERS.get(lexicon);
  if (!triggers) {
    const starts = [...lexicon.lineComments, ...(lexicon.blockComment ? [lexicon.blockComment[0]] : []), ...lexicon.strings.map((s) => s.delimiter)].map((t) => t[0]);
    triggers = new Set([...OPEN, ...CLOSE, ...starts, ...(lexicon.charLiterals ? ["'"] : []), ...(lexicon.regexLiterals ? ['/'] : [])]);
    TRIGGERS.set(lexicon, triggers);
  }
  return triggers;
}

/**
 * A `/` where an expression starts (after an operator, a bracket or `return`) opens a regular
 * expression, not a division. After `<` it is a JSX closing tag.
 */
function startsRegex(line: string, at: number): boolean {
  if (line[at + 1] === '/' || line[at + 1] === '*') return false;
  const before = line.slice(0, at).trimEnd();
  return before === '' || /[(,=:[!&|?{};+\-*%~^]$/.test(before) || /\b(?:return|typeof|case|yield|await)$/.test(before);
}

/** The index after a regular expression's closing `/` (and flags), or the line's end. */
function regexEnd(line: string, at: number): number {
  let inClass = false;
  for (let i = at + 1; i < line.length; i++) {
    const ch = line[i];
    if (ch === '\\') i++;
    else if (ch === '[') inClass = true;
    else if (ch === ']') inClass = false;
    else if (ch === '/' && !inClass) {
      let end = i + 1;
      while (end < line.length && /[a-z]/i.test(line[end])) end++;
      return end;
    }
  }
  return line.length;
}

export interface BracketContext {
  /** Brackets opened on the cursor line before the cursor and not closed there. */
  inherited: number;
  /** Brackets opened before the cursor line, still open at the cursor, that nothing after the cursor closes. */
  lacking: number;
}

/**
 * How the brackets open at the cursor (`offset` in `text`) are closed: the text after the cursor
 * closes the innermost ones first; the outer ones it leaves open are the closers the file lacks.
 */
export function bracketContext(text: string, offset: number, lexicon: Lexicon): BracketContext {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  // Each open bracket at the cursor, innermost last: true when opened on the cursor line.
  const open: boolean[] = [];
  let state = CODE;
  const lines = text.slice(0, offset).split('\n');
  let at = 0;
  for (const line of lines) {
    const scanned = recentScan(line, state, lexicon);
    state = scanned.state;
    for (const event of scanned.events) {
      if (event === 'open') open.push(at >= lineStart);
      else open.pop();
    }
    at += line.length + 1;
  }
  const inherited = open.filter(Boolean).length;
  let depth = 0;
  for (const line of text.slice(offset).split('\n')) {
    if (open.length === 0) break;
    const scanned = recentScan(line, state, lexicon);
    state = scanned.state;
    for (const event of scanned.events) {
      if (event === 'open') depth++;
      else if (depth > 0) depth--;
      else open.pop();
    }
  }
  return { inherited, lacking: open.filter((onCursorLine) => !onCursorLine).length };
}

/** A bracket opened on an earlier line and still open at the cursor line, with the text that leads up to it. */
export interface Enclosing {
  bracket: string;
  /** Its line before it, or the line above when the bracket stands alone on its line (Allman style). */
  header: string;
}

/**
 * What `prefix` (the text before the cursor) leaves open: the innermost bracket opened before the
 * cursor line, and the closer of a multi-line string the cursor is inside. Read from the prompt's
 * window, like the rest of the multiline decision.
 */
export function openAtCursor(prefix: string, lexicon: Lexicon): { enclosing: Enclosing | null; string: string | null } {
  const lines = prefix.split('\n');
  const open: Enclosing[] = [];
  let state = CODE;
  let above = '';
  lines.forEach((line, i) => {
    const scanned = recentScan(line, state, lexicon);
    state = scanned.state;
    if (i === lines.length - 1) return;
    // Where each bracket is: its next occurrence (one inside a string before it is rare enough).
    let at = 0;
    for (const bracket of scanned.brackets) {
      at = line.indexOf(bracket, at) + 1;
      if (!OPEN.includes(bracket)) open.pop();
      else {
        const before = line.slice(0, at - 1);
        open.push({ bracket, header: before.trim() === '' ? above : before });
      }
    }
    if (line.trim() !== '') above = line;
  });
  const string = state.closer !== null && lexicon.strings.some((s) => s.multiline && s.delimiter === state.closer) ? state.closer : null;
  return { enclosing: open.at(-1) ?? null, string };
}

/**
 * Line scans of recent requests, per lexicon and incoming string state: a keystroke changes one
 * line of the document, so the next request finds every other line here instead of scanning the
 * whole document again. Dropped whole when full; a scan is a pure function of its key.
 */
const SCANS = new Map<Lexicon, Map<string | null, Map<string, ScannedLine>>>();
const MAX_RECENT_SCANS = 20_000;
let recentScans = 0;

function recentScan(line: string, state: ScanState, lexicon: Lexicon): ScannedLine {
  let byState = SCANS.get(lexicon);
  if (!byState) SCANS.set(lexicon, (byState = new Map()));
  let scans = byState.get(state.closer);
  if (!scans) byState.set(state.closer, (scans = new Map()));
  const known = scans.get(line);
  if (known) return known;
  if (recentScans >= MAX_RECENT_SCANS) {
    for (const entry of SCANS.values()) for (const lines of entry.values()) lines.clear();
    recentScans = 0;
  }
  const scanned = scanLine(line, state, lexicon);
  // The line is a view into its version of the document: kept as a key, it would keep that text.
  scans.set(detached(line), scanned);
  recentScans++;
  return scanned;
}
