/** How alike two texts are by their words: a line rewritten, a declaration renamed. */

const WORD = /[\p{L}\p{M}\p{N}\p{Pc}]+/gu;

export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** How many words two sequences share in order (their longest common subsequence). */
export function commonWords(a: readonly string[], b: readonly string[]): number {
  let row = new Uint16Array(b.length + 1);
  for (const word of a) {
    const next = new Uint16Array(b.length + 1);
    for (let j = 1; j <= b.length; j++) next[j] = word === b[j - 1] ? row[j - 1] + 1 : Math.max(row[j], next[j - 1]);
    row = next;
  }
  return row[b.length];
}

const MAX_LIKENESS_WORDS = 3000;

/** The share of the longer text's words that two texts have in common, in order (0 when either is too long to compare). */
export function likeness(a: string, b: string): number {
  const x = wordsOf(a);
  const y = wordsOf(b);
  if (x.length === 0 || y.length === 0 || x.length > MAX_LIKENESS_WORDS || y.length > MAX_LIKENESS_WORDS) return 0;
  return commonWords(x, y) / Math.max(x.length, y.length);
}

/** The share of `part`'s words that `whole` has, in order (0 when either is too long to compare). */
export function coverage(part: string, whole: string): number {
  const x = wordsOf(part);
  const y = wordsOf(whole);
  if (x.length === 0 || x.length > MAX_LIKENESS_WORDS || y.length > MAX_LIKENESS_WORDS) return 0;
  return commonWords(x, y) / x.length;
}
