/**
 * Snippets of other open files most like the code before the cursor, for completions: every file
 * cut into overlapping windows of lines, each window's identifiers a set, scored by Jaccard
 * similarity against the identifiers of the lines just above the cursor (the matching peers use).
 * A window's set is computed once per document version, so typing in one file costs only the
 * scoring of the others' sets.
 */
import type { ContextItem } from './types.js';

export const WINDOW_LINES = 20;
const WINDOW_STEP = 10;
/** Lines above the cursor that make up the query. */
export const QUERY_LINES = 20;
/** Windows below this score are noise. */
export const MIN_SIMILARITY = 0.2;
export const MAX_SNIPPETS = 3;
/** Documents looked at, at most (the most recently opened first). */
const MAX_DOCUMENTS = 20;
/** Languages whose files are compared with each other. */
const FAMILY: Record<string, string> = { typescript: 'js', typescriptreact: 'js', javascript: 'js', javascriptreact: 'js' };

const WORD = /[A-Za-z_$][A-Za-z0-9_$]*/g;
/** Words too common to say two stretches of code are alike. */
const STOP = new Set(
  'if else for while do return const let var function def class new this self true false null nil none undefined import from export public private protected static void int string await async try catch finally throw break continue in of is not and or fn pub mut use let impl struct package func go val fun override'.split(' '),
);

export function identifiers(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of text.match(WORD) ?? []) if (word.length > 1 && !STOP.has(word)) set.add(word);
  return set;
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  for (const word of small) if (large.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

export interface Window {
  startLine: number;
  text: string;
  words: Set<string>;
}

/** A document's windows: WINDOW_LINES lines every WINDOW_STEP lines, blank windows left out. */
export function windowsOf(lines: readonly string[]): Window[] {
  const windows: Window[] = [];
  for (let start = 0; start < lines.length; start += WINDOW_STEP) {
    const text = lines.slice(start, start + WINDOW_LINES).join('\n');
    const words = identifiers(text);
    if (words.size > 0) windows.push({ startLine: start, text, words });
    if (start + WINDOW_LINES >= lines.length) break;
  }
  return windows;
}

export interface OtherDocument {
  path: string;
  languageId: string;
  windows: readonly Window[];
}

export function sameFamily(a: string, b: string): boolean {
  return a === b || (FAMILY[a] !== undefined && FAMILY[a] === FAMILY[b]);
}

/** The best windows of `others` for the query text, at most one per document and MAX_SNIPPETS in all, best first. */
export function similarSnippets(query: string, languageId: string, others: readonly OtherDocument[]): ContextItem[] {
  const words = identifiers(query);
  if (words.size === 0) return [];
  const best: Array<{ doc: OtherDocument; window: Window; score: number }> = [];
  for (const doc of others.filter((d) => sameFamily(d.languageId, languageId)).slice(0, MAX_DOCUMENTS)) {
    let top: { window: Window; score: number } | null = null;
    for (const window of doc.windows) {
      const score = jaccard(words, window.words);
      if (score >= MIN_SIMILARITY && (!top || score > top.score)) top = { window, score };
    }
    if (top) best.push({ doc, ...top });
  }
  best.sort((a, b) => b.score - a.score || (a.doc.path < b.doc.path ? -1 : a.doc.path > b.doc.path ? 1 : 0) || a.window.startLine - b.window.startLine);
  return best.slice(0, MAX_SNIPPETS).map(({ doc, window }, rank) => ({
    kind: 'similar',
    path: doc.path,
    label: `${doc.path}:${window.startLine + 1}`,
    languageId: doc.languageId,
    text: window.text,
    rank,
  }));
}
