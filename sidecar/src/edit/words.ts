/**
 * Word pairing inside one hunk: each removed line is paired with the added line it most
 * resembles, and the tokens that differ within a pair get a harder tint. Resemblance is counted in
 * words: whitespace and punctuation are shared by lines that have nothing else in common.
 */
import type { WhitespaceOnly, WordSpan } from './lines.js';

export interface HunkWords {
  /** `whitespace`: the two lines differ only in whitespace (no word spans then). */
  pairs: Array<{ removed: number; added: number; whitespace?: WhitespaceOnly }>;
  removedSpans: WordSpan[];
  addedSpans: WordSpan[];
}

interface Token {
  text: string;
  start: number;
  end: number;
  /** A run of letters, digits or underscores (not whitespace, not punctuation). */
  word: boolean;
}

interface Likeness {
  /** Word tokens the two lines have in common (in order). */
  sharedWords: number;
  /** All tokens they have in common, words first: the match keeps the most words, then the most of the rest. */
  shared: number;
  matchedA: Uint8Array;
  matchedB: Uint8Array;
}

/** A word outweighs any number of other tokens in the match: a line has far fewer than this many. */
const WORD_WEIGHT = 1024;

// Word runs (Unicode \w), whitespace runs, then any other single code point.
const TOKEN = /[\p{L}\p{M}\p{N}\p{Pc}]+|\s+|[^]/gu;

// Cost bounds for huge hunks (a stream's last hunk holds every unreached line): beyond
// FULL_PAIRING_LIMIT candidate pairs, a removed line is only compared with added lines within
// WINDOW of it counted from the top or from the bottom of the hunk, since hunks are aligned at
// both ends by the surrounding context. Token tables above TOKEN_CELL_LIMIT are not paired.
const FULL_PAIRING_LIMIT = 1024;
const WINDOW = 16;
const TOKEN_CELL_LIMIT = 65_536;

export function tokenize(line: string): Token[] {
  const ascii = asciiTokens(line);
  if (ascii) return ascii;
  const out: Token[] = [];
  for (const m of line.matchAll(TOKEN)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length, word: WORD_START.test(m[0]) });
  return out;
}

const WORD_START = /^[\p{L}\p{M}\p{N}\p{Pc}]/u;

/** 0: other, 1: word, 2: whitespace, for each ASCII code. */
const ASCII_CLASS = Uint8Array.from({ length: 128 }, (_, c) => (/\w/.test(String.fromCharCode(c)) ? 1 : /\s/.test(String.fromCharCode(c)) ? 2 : 0));

/**
 * TOKEN's tokens of an all-ASCII line, found by a table instead of the Unicode regex (most code is
 * ASCII, and the regex cost a stream more than the rest of word pairing); null for any other line.
 */
function asciiTokens(line: string): Token[] | null {
  const out: Token[] = [];
  for (let i = 0; i < line.length; ) {
    const c = line.charCodeAt(i);
    if (c >= 128) return null;
    const kind = ASCII_CLASS[c];
    let end = i + 1;
    if (kind !== 0) {
      while (end < line.length) {
        const d = line.charCodeAt(end);
        if (d >= 128) return null;
        if (ASCII_CLASS[d] !== kind) break;
        end++;
      }
    }
    out.push({ text: line.slice(i, end), start: i, end, word: kind === 1 });
    i = end;
  }
  return out;
}

export function pairHunkWords(removed: readonly string[], added: readonly string[]): HunkWords {
  const removedTokens = lazyTokens(removed);
  const addedTokens = lazyTokens(added);
  const usedR = new Set<number>();
  const usedA = new Set<number>();
  const spaced = pairWhitespaceOnly(removed, added, removedTokens, addedTokens);
  for (const p of spaced) (usedR.add(p.removed), usedA.add(p.added));

  const candidates: Array<{ r: number; a: number; like: Likeness }> = [];
  forEachCandidate(removed.length, added.length, (r, a) => {
    if (usedR.has(r) || usedA.has(a)) return;
    const tr = removedTokens(r);
    const ta = addedTokens(a);
    const like = tokenLikeness(tr, ta);
    // A pair must share a word, and at least half of the shorter line's words: a solid tint reads
    // better than confetti.
    if (like && like.sharedWords > 0 && 2 * like.sharedWords >= Math.min(wordCount(tr), wordCount(ta))) {
      candidates.push({ r, a, like });
    }
  });
  candidates.sort((x, y) => y.like.sharedWords - x.like.sharedWords || y.like.shared - x.like.shared || x.r - y.r || x.a - y.a);

  const chosen = candidates.filter((c) => {
    if (usedR.has(c.r) || usedA.has(c.a)) return false;
    usedR.add(c.r);
    usedA.add(c.a);
    return true;
  });
  chosen.sort((x, y) => x.r - y.r);

  const removedSpans: WordSpan[] = [];
  const addedSpans: WordSpan[] = [];
  for (const c of chosen) {
    removedSpans.push(...changedSpans(removed[c.r], removedTokens(c.r), c.like.matchedA, c.r));
    addedSpans.push(...changedSpans(added[c.a], addedTokens(c.a), c.like.matchedB, c.a));
  }
  addedSpans.sort((x, y) => x.line - y.line || x.start - y.start);
  const pairs = [...spaced, ...chosen.map((c) => ({ removed: c.r, added: c.a }))].sort((x, y) => x.removed - y.removed);
  return { pairs, removedSpans, addedSpans };
}

/** Two lines compared in words: how many they share (in order), and how many the shorter line has. */
export function wordOverlap(a: string, b: string): { shared: number; shorter: number } {
  const ta = tokenize(a);
  const tb = tokenize(b);
  return { shared: tokenLikeness(ta, tb)?.sharedWords ?? 0, shorter: Math.min(wordCount(ta), wordCount(tb)) };
}

/** What separates two different lines whose words and symbols are the same, or null. */
export function whitespaceOnly(before: string, after: string): WhitespaceOnly | null {
  if (before === after || shape(tokenize(before)) !== shape(tokenize(after))) return null;
  return before.trimStart() === after.trimStart() ? 'indentation' : 'whitespace';
}

/** The line's tokens other than whitespace, joined by NUL. */
function shape(tokens: readonly Token[]): string {
  let out = '';
  for (const t of tokens) if (!/^\s/.test(t.text)) out = out === '' ? t.text : `${out}\u0000${t.text}`;
  return out;
}

/** Lines that differ only in whitespace pair first, in order: re-indented blocks, tabs → spaces. */
function pairWhitespaceOnly(
  removed: readonly string[],
  added: readonly string[],
  removedTokens: (i: number) => Token[],
  addedTokens: (i: number) => Token[],
): Array<{ removed: number; added: number; whitespace: WhitespaceOnly }> {
  const byShape = new Map<string, number[]>();
  for (let a = 0; a < added.length; a++) {
    const key = shape(addedTokens(a));
    if (key === '') continue;
    const list = byShape.get(key);
    if (list) list.push(a);
    else byShape.set(key, [a]);
  }
  const out: Array<{ removed: number; added: number; whitespace: WhitespaceOnly }> = [];
  let lastAdded = -1;
  for (let r = 0; r < removed.length; r++) {
    const list = byShape.get(shape(removedTokens(r)));
    if (!list) continue;
    // In order only, so the pairs never cross: the first candidate below the last pair.
    const at = list.findIndex((a) => a > lastAdded && added[a] !== removed[r]);
    if (at < 0) continue;
    const a = list[at];
    out.push({ removed: r, added: a, whitespace: whitespaceOnly(removed[r], added[a]) as WhitespaceOnly });
    lastAdded = a;
  }
  return out;
}

function lazyTokens(lines: readonly string[]): (i: number) => Token[] {
  const cache: Token[][] = [];
  return (i) => (cache[i] ??= tokenize(lines[i]));
}

function forEachCandidate(nr: number, na: number, visit: (r: number, a: number) => void): void {
  if (nr * na <= FULL_PAIRING_LIMIT) {
    for (let r = 0; r < nr; r++) for (let a = 0; a < na; a++) visit(r, a);
    return;
  }
  const shift = na - nr; // bottom alignment: nr - r === na - a
  for (let r = 0; r < nr; r++) {
    const top = [Math.max(0, r - WINDOW), Math.min(na - 1, r + WINDOW)];
    const bottom = [Math.max(0, r + shift - WINDOW), Math.min(na - 1, r + shift + WINDOW)];
    for (let a = top[0]; a <= top[1]; a++) visit(r, a);
    for (let a = bottom[0]; a <= bottom[1]; a++) if (a < top[0] || a > top[1]) visit(r, a);
  }
}

function wordCount(tokens: readonly Token[]): number {
  let n = 0;
  for (const t of tokens) if (t.word) n++;
  return n;
}

/**
 * Token LCS of two lines weighted to keep the most words, then the most other tokens; null when
 * the table would be too large to be worth it.
 */
function tokenLikeness(a: Token[], b: Token[]): Likeness | null {
  const matchedA = new Uint8Array(a.length);
  const matchedB = new Uint8Array(b.length);
  let lo = 0;
  while (lo < a.length && lo < b.length && a[lo].text === b[lo].text) matchedA[lo] = matchedB[lo++] = 1;
  let aHi = a.length;
  let bHi = b.length;
  while (aHi > lo && bHi > lo && a[aHi - 1].text === b[bHi - 1].text) matchedA[--aHi] = matchedB[--bHi] = 1;
  const n = aHi - lo;
  const m = bHi - lo;
  if ((n + 1) * (m + 1) > TOKEN_CELL_LIMIT) return null;
  const w = n + 1;
  const t = new Uint32Array(w * (m + 1));
  for (let j = 1; j <= m; j++) {
    for (let i = 1; i <= n; i++) {
      const x = a[lo + i - 1];
      const best = Math.max(t[(j - 1) * w + i], t[j * w + i - 1]);
      t[j * w + i] = x.text === b[lo + j - 1].text ? Math.max(best, t[(j - 1) * w + i - 1] + (x.word ? WORD_WEIGHT : 1)) : best;
    }
  }
  for (let i = n, j = m; i > 0 && j > 0; ) {
    const here = t[j * w + i];
    if (t[j * w + i - 1] === here) i--;
    else if (t[(j - 1) * w + i] === here) j--;
    else {
      matchedA[lo + --i] = matchedB[lo + --j] = 1;
    }
  }
  let shared = 0;
  let sharedWords = 0;
  for (let i = 0; i < a.length; i++) {
    if (!matchedA[i]) continue;
    shared++;
    if (a[i].word) sharedWords++;
  }
  return { sharedWords, shared, matchedA, matchedB };
}

/** Runs of unmatched tokens, whitespace trimmed off their ends; pure whitespace is not tinted. */
function changedSpans(text: string, tokens: Token[], matched: Uint8Array, line: number): WordSpan[] {
  const out: WordSpan[] = [];
  for (let i = 0; i < tokens.length; ) {
    if (matched[i]) {
      i++;
      continue;
    }
    let start = tokens[i].start;
    while (i < tokens.length && !matched[i]) i++;
    let end = tokens[i - 1].end;
    while (start < end && /\s/.test(text[start])) start++;
    while (end > start && /\s/.test(text[end - 1])) end--;
    if (start < end) out.push({ line, start, end });
  }
  return out;
}
