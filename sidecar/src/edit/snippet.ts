/**
 * Where a chat code block belongs in a file, when the user applies it without a selection.
 */
import { lineDiff } from './diff.js';

// A comment opener, then a body that starts with an ellipsis or says the code was left out:
// `// ...`, `# ... existing code ...`, `/* rest of file */`, `<!-- ... -->`, `// unchanged`.
const COMMENT = /^(?:\/\/+|#+|--|;+|\/\*+|\*|<!--|\{\/\*)\s*(.*?)\s*(?:\*+\/\}?|-->)?$/;
const ELLIPSIS = /^(?:\.{3,}|…)$/;
const OMISSION = /^(?:\.{3,}|…|\(?\s*(?:the\s+)?(?:existing|rest of|remaining|unchanged)\b)/i;

export function isElisionLine(line: string): boolean {
  const t = line.trim();
  if (ELLIPSIS.test(t)) return true;
  const body = COMMENT.exec(t)?.[1];
  return body !== undefined && OMISSION.test(body);
}

/**
 * The stretch of `fileLines` (end exclusive) between the first and last lines the snippet
 * repeats, or null when fewer than half of its meaningful lines occur in the file (the caller
 * then inserts at the cursor).
 */
export function locateSnippet(fileLines: readonly string[], snippet: string): { start: number; end: number } | null {
  // Compared trimmed: chat blocks are often re-indented. Blank and elision lines say nothing
  // about where the snippet goes.
  const wanted = snippet
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !isElisionLine(l));
  if (wanted.length === 0) return null;

  // File lines the snippet never mentions cannot match; dropping them keeps the diff small
  // even for a huge file.
  const vocabulary = new Set(wanted);
  const where: number[] = [];
  const candidates: string[] = [];
  fileLines.forEach((line, i) => {
    const t = line.trim();
    if (vocabulary.has(t)) {
      where.push(i);
      candidates.push(t);
    }
  });

  // Early mode: no suffix trim, and a line that could match in several places takes the
  // earliest, so the stretch stays tight around the snippet's first occurrence.
  const hunks = lineDiff(candidates, wanted, { early: true });
  let matched = 0;
  let first = -1;
  let last = -1;
  let a = 0;
  const take = (upTo: number) => {
    for (; a < upTo; a++) {
      if (first < 0) first = a;
      last = a;
      matched++;
    }
  };
  for (const h of hunks) {
    take(h.aStart);
    a = h.aEnd;
  }
  take(candidates.length);
  if (matched * 2 < wanted.length || first < 0) return null;
  return { start: where[first], end: where[last] + 1 };
}
