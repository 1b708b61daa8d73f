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
