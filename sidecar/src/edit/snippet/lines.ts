/**
 * Where a chat code block belongs in a file, and what it leaves there. Models elide the code they
 * did not change with placeholder lines (`// ... existing code ...`, `# ...`, `{/* ... *\/}`);
 * applying such a block must keep that code: each elision is expanded into the file lines it stands
 * for, between the snippet lines matched on either side of it, and no placeholder is ever written.
 * When the block cannot be placed without guessing, the placement says why instead.
 */
import { lineDiff } from '../diff.js';
import { isElisionLine, trimmedLines } from './elision.js';
import { indentWidth, reindent, usesTabs } from './indent.js';
import { commonWords, wordsOf } from './similar.js';

export type SnippetPlacement =
  /** File lines [start, end) become `lines`. */
  | { kind: 'placed'; start: number; end: number; lines: string[] }
  /** Too little of the snippet is in the file and it elides nothing: it is new code for the cursor. */
  | { kind: 'new' }
  | { kind: 'unplaced'; reason: string };

/** Lines [start, end) the snippet must stay within: a selection it replaces. */
export interface SnippetBounds {
  start: number;
  end: number;
}

interface SnippetLine {
  text: string;
  kind: 'code' | 'blank' | 'elision';
  indent: number;
  trimmed: string;
}

/**
 * Places `snippet` in `fileLines`. Code lines are matched by their text and their indentation
 * relative to the file (a chat block re-indented as a whole is re-based first), so a `}` that closes
 * a class only matches the class's own closing line. With `bounds` (a selection), the snippet
 * replaces those lines and elisions at its ends stand for the selection's first and last lines.
 * `markdown`: a `#` line is a heading, not a comment.
 */
export function placeByLines(fileLines: readonly string[], snippet: string, bounds?: SnippetBounds, markdown = false): SnippetPlacement {
  const lines = parseSnippet(snippet, trimmedLines(fileLines), markdown);
  const code = lines.filter((l) => l.kind === 'code');
  const elides = lines.some((l) => l.kind === 'elision');
  const lo = bounds?.start ?? 0;
  const hi = bounds?.end ?? fileLines.length;
  if (code.length === 0) return { kind: 'unplaced', reason: elides ? 'the block holds only placeholder lines, no code; copy the code itself and apply it again' : 'the block is empty; copy the code block and apply it again' };

  const delta = indentDelta(fileLines, lo, hi, code);
  let match = alignment(fileLines, lo, hi, code, (l) => `${l.indent + delta}|${l.trimmed}`, (f) => `${indentWidth(f)}|${f.trim()}`);
  // A block re-indented level by level (tabs to two spaces) matches by text alone.
  const loose = alignment(fileLines, lo, hi, code, (l) => l.trimmed, (f) => f.trim());
  if (loose.count > match.count * 2) match = loose;
  if (match.count * 2 < code.length) {
    if (!elides) return (bounds ? null : (rewrittenStretch(fileLines, lines, code) ?? headedBlock(fileLines, lines, code))) ?? { kind: 'new' };
    return { kind: 'unplaced', reason: `only ${match.count} of its ${code.length} code lines are in the file, so what its placeholders stand for cannot be told; select the lines it replaces, or show that code in full, and apply it again` };
  }
  const rival = rivalPlacement(fileLines, lo, hi, code, match);
  if (rival) return { kind: 'unplaced', reason: rival };
  const tabs = usesTabs(fileLines);
  return expand(fileLines, lines, match.fileLineOf, (line) => reindent(line, delta, tabs), bounds);
}

/** The snippet's lines; a final line break ends the last line rather than starting an empty one. */
function parseSnippet(snippet: string, fileLines: ReadonlySet<string>, markdown: boolean): SnippetLine[] {
  const raw = snippet.replace(/\r\n?/g, '\n').split('\n');
  if (raw.length > 1 && raw[raw.length - 1] === '') raw.pop();
  return raw.map((text) => {
    const trimmed = text.trim();
    const kind = trimmed === '' ? 'blank' : isElisionLine(text, fileLines, markdown) ? 'elision' : 'code';
    return { text, kind, indent: indentWidth(text), trimmed };
  });
}

/** How far the snippet's indentation is from the file's: the most common offset among lines found once. */
function indentDelta(fileLines: readonly string[], lo: number, hi: number, code: readonly SnippetLine[]): number {
  const found = new Map<string, number[]>();
  const wanted = new Set(code.map((l) => l.trimmed));
  for (let i = lo; i < hi; i++) {
    const t = fileLines[i].trim();
    if (wanted.has(t)) found.set(t, [...(found.get(t) ?? []), i]);
  }
  const votes = new Map<number, number>();
  for (const l of code) {
    const at = found.get(l.trimmed);
    if (at?.length !== 1) continue;
    const d = indentWidth(fileLines[at[0]]) - l.indent;
    votes.set(d, (votes.get(d) ?? 0) + 1);
  }
  let best = 0;
  let most = 0;
  for (const [d, n] of votes) if (n > most) [best, most] = [d, n];
  return best;
}

interface Match {
  /** File line of each code line (by its index in `code`), or -1. */
  fileLineOf: number[];
  count: number;
  first: number;
  last: number;
}

/**
 * The longest in-order matching of code lines to file lines within [lo, hi), preferring the
 * earliest file line where one could match in several places (the line diff's early mode). Only
 * file lines whose key the snippet has take part, which keeps the diff small in a huge file.
 */
function alignment(
  fileLines: readonly string[],
  lo: number,
  hi: number,
  code: readonly SnippetLine[],
  codeKey: (l: SnippetLine) => string,
  fileKey: (line: string) => string,
  skip?: (line: number) => boolean,
): Match {
  const wanted = code.map(codeKey);
  const vocabulary = new Set(wanted);
  const where: number[] = [];
  const candidates: string[] = [];
  for (let i = lo; i < hi; i++) {
    if (skip?.(i)) continue;
    const key = fileKey(fileLines[i]);
    if (vocabulary.has(key)) {
      where.push(i);
      candidates.push(key);
    }
  }
  const fileLineOf = Array<number>(code.length).fill(-1);
  let a = 0;
  let b = 0;
  const take = (aUpTo: number) => {
    for (; a < aUpTo; a++, b++) fileLineOf[b] = where[a];
  };
  for (const h of lineDiff(candidates, wanted, { early: true })) {
    take(h.aStart);
    a = h.aEnd;
    b = h.bEnd;
  }
  take(candidates.length);
  const matched = fileLineOf.filter((f) => f >= 0);
  return { fileLineOf, count: matched.length, first: matched[0] ?? -1, last: matched[matched.length - 1] ?? -1 };
}

/** A second placement, outside the first one's stretch, that matches as many lines: the snippet is ambiguous. */
function rivalPlacement(fileLines: readonly string[], lo: number, hi: number, code: readonly SnippetLine[], match: Match): string | null {
  const keyOf = (l: SnippetLine) => l.trimmed;
  const rival = alignment(fileLines, lo, hi, code, keyOf, (f) => f.trim(), (i) => i >= match.first && i <= match.last);
  if (rival.count < match.count) return null;
  return `it fits lines ${match.first + 1}–${match.last + 1} and lines ${rival.first + 1}–${rival.last + 1} equally well; select the one to replace and apply it again`;
}

/**
 * A fragment that elides nothing and whose every code line is a line of the file or a rewrite of
 * one (most of its words, in order), in order, in one stretch of the file: it replaces that stretch.
 * Stretches found in two places with as many identical lines are refused; null when there is none.
 */
function rewrittenStretch(fileLines: readonly string[], lines: readonly SnippetLine[], code: readonly SnippetLine[]): SnippetPlacement | null {
  if (fileLines.length * code.length > REWRITE_CELL_BUDGET) return null;
  const found: Array<{ first: number; last: number; same: number }> = [];
  for (let first = 0; first < fileLines.length; first++) {
    if (!alike(fileLines[first], code[0].trimmed)) continue;
    let at = first;
    let same = fileLines[first].trim() === code[0].trimmed ? 1 : 0;
    let complete = true;
    for (const line of code.slice(1)) {
      // The next code line within a few lines: the rewrite may drop or add a line here and there.
      let next = at + 1;
      while (next < fileLines.length && next <= at + 1 + code.length && !alike(fileLines[next], line.trimmed)) next++;
      if (next >= fileLines.length || next > at + 1 + code.length) {
        complete = false;
        break;
      }
      if (fileLines[next].trim() === line.trimmed) same++;
      at = next;
    }
    if (complete) found.push({ first, last: at, same });
  }
  if (found.length === 0) return null;
  const best = Math.max(...found.map((f) => f.same));
  const top = found.filter((f) => f.same === best);
  if (top.length > 1) return { kind: 'unplaced', reason: `it rewrites lines ${top[0].first + 1}–${top[0].last + 1} and lines ${top[1].first + 1}–${top[1].last + 1} equally well; select the one to replace and apply it again` };
  const { first, last } = top[0];
  const delta = indentWidth(fileLines[first]) - code[0].indent;
  const tabs = usesTabs(fileLines);
  const from = lines.indexOf(code[0]);
  const to = lines.indexOf(code[code.length - 1]);
  return { kind: 'placed', start: first, end: last + 1, lines: lines.slice(from, to + 1).map((l) => reindent(l.text, delta, tabs)) };
}

const REWRITE_CELL_BUDGET = 2_000_000;
const COMMENT_LINE = /^(?:\/\/|#|\/\*|\*|<!--|--)/;
const CLOSER = /^(?:[}\])]|end\b)/;

/**
 * A block rewritten whole, in a language read by lines: its first line of code (a header such as
 * `public void run() {` or `.card {`) is one line of the file, found once, and the block ends as it
 * began (a closer at the header's indentation, or nothing less indented after the header). It
 * replaces the file's block under that header, to the line that closes it. Null otherwise.
 */
function headedBlock(fileLines: readonly string[], lines: readonly SnippetLine[], code: readonly SnippetLine[]): SnippetPlacement | null {
  const header = code.find((l) => !COMMENT_LINE.test(l.trimmed));
  if (!header || header === code[code.length - 1]) return null;
  const last = code[code.length - 1];
  const after = code.slice(code.indexOf(header) + 1);
  const closed = CLOSER.test(last.trimmed) && last.indent === header.indent;
  if (!closed && !after.every((l) => l.indent > header.indent)) return null;
  const found = fileLines.flatMap((l, i) => (l.trim() === header.trimmed ? [i] : []));
  if (found.length !== 1) return null;
  const at = found[0];
  const depth = indentWidth(fileLines[at]);
  let end = at + 1;
  while (end < fileLines.length && (fileLines[end].trim() === '' || indentWidth(fileLines[end]) > depth)) end++;
  if (closed) {
    if (end >= fileLines.length || indentWidth(fileLines[end]) !== depth || !CLOSER.test(fileLines[end].trim())) return null;
    end++;
  } else while (end > at + 1 && fileLines[end - 1].trim() === '') end--;
  // Lines the snippet shows above the header that the file has there too are the same lines.
  const from = lines.indexOf(code[0]);
  const head = lines.indexOf(header);
  let start = at;
  while (start > 0 && head - (at - start) - 1 >= from && fileLines[start - 1].trim() === lines[head - (at - start) - 1].trimmed) start--;
  const delta = depth - header.indent;
  const tabs = usesTabs(fileLines);
  return { kind: 'placed', start, end, lines: lines.slice(from, lines.indexOf(last) + 1).map((l) => reindent(l.text, delta, tabs)) };
}

/** The same line, or a rewrite of it: at least half of the longer line's words, in order, and two or more. */
function alike(fileLine: string, trimmed: string): boolean {
  const file = fileLine.trim();
  if (file === trimmed) return true;
  const a = wordsOf(file);
  const b = wordsOf(trimmed);
  const common = commonWords(a, b);
  return common >= 2 && 2 * common >= Math.max(a.length, b.length);
}

interface OutLine {
  text: string;
  /** A blank line of the snippet (not of the file): dropped next to an elision, whose expansion brings the file's own. */
  snippetBlank: boolean;
}

function expand(
  fileLines: readonly string[],
  lines: readonly SnippetLine[],
  fileLineOf: readonly number[],
  rebase: (line: string) => string,
  bounds?: SnippetBounds,
): SnippetPlacement {
  const out: OutLine[] = [];
  let cursor = bounds ? bounds.start : -1;
  let start = bounds ? bounds.start : -1;
  /** Where in `out` the file lines an elision stands for go, once the next matched line bounds them. */
  let elision: number | null = null;
  let lastAnchorOut = -1;
  let lastAnchorIndent = 0;
  let codeIndex = 0;

  const dropSnippetBlanks = (from: number) => {
    while (out.length > from && out[out.length - 1].snippetBlank) out.pop();
  };
  const newLines = (from: number, to: number) => out.slice(from, to).filter((l) => !l.snippetBlank).map((l) => l.text);

  for (const line of lines) {
    if (line.kind === 'elision') {
      if (elision === null) {
        dropSnippetBlanks(lastAnchorOut + 1);
        elision = out.length;
      }
      continue;
    }
    if (line.kind === 'blank') {
      if (elision === null || out.length > elision) out.push({ text: '', snippetBlank: true });
      continue;
    }
    const f = fileLineOf[codeIndex++];
    if (f < 0) {
      out.push({ text: rebase(line.text), snippetBlank: false });
      continue;
    }
    if (cursor < 0) {
      // The first matched line starts the stretch: what an elision before it stands for stays
      // outside, untouched, and so do blank lines the snippet starts with.
      start = f;
      if (elision !== null) out.splice(elision, out.length - elision, ...out.slice(elision).filter((l) => !l.snippetBlank));
      while (out.length > 0 && out[0].snippetBlank) out.shift();
    } else {
      const gap = fileLines.slice(cursor, f);
      if (elision !== null) {
        const before = newLines(lastAnchorOut + 1, elision);
        const after = newLines(elision, out.length);
        const kept = elidedPart(gap, lastAnchorIndent, before, after);
        if (after.length === 0) dropSnippetBlanks(elision);
        out.splice(elision, 0, ...kept.map((text) => ({ text, snippetBlank: false })));
      } else if (keepUnmarkedGap(gap, fileLines[f], out.length - lastAnchorOut - 1)) {
        out.push(...gap.map((text) => ({ text, snippetBlank: false })));
      }
    }
    elision = null;
    out.push({ text: fileLines[f], snippetBlank: false });
    lastAnchorOut = out.length - 1;
    lastAnchorIndent = indentWidth(fileLines[f]);
    cursor = f + 1;
  }

  let end = cursor;
  const tail = newLines(lastAnchorOut + 1, elision ?? out.length);
  if (elision !== null) {
    if (newLines(elision, out.length).length > 0) {
      return { kind: 'unplaced', reason: 'new lines follow a placeholder that no line of the file closes, so where they go cannot be told; select the lines to replace and apply it again' };
    }
    dropSnippetBlanks(elision);
    if (bounds) {
      // A final elision within a selection stands for the selection's remaining lines.
      const rest = fileLines.slice(cursor, bounds.end);
      out.push(...elidedPart(rest, lastAnchorIndent, tail, []).map((text) => ({ text, snippetBlank: false })));
      end = bounds.end;
    } else {
      end = cursor + oldBodyLength(fileLines.slice(cursor), lastAnchorIndent, tail);
    }
  } else if (bounds) {
    end = bounds.end;
  } else {
    end = cursor + oldBodyLength(fileLines.slice(cursor), lastAnchorIndent, tail);
  }
  return { kind: 'placed', start, end, lines: out.map((l) => l.text) };
}

/**
 * The part of `gap` an elision stands for. New lines the snippet puts between the matched line
 * above and the elision (`before`) replace what they rewrite at the gap's head — the matched line's
 * old body, when they are its new one — and new lines between the elision and the matched line
 * below (`after`) replace the lines they rewrite at the gap's tail, line for line while alike.
 */
function elidedPart(gap: readonly string[], anchorIndent: number, before: readonly string[], after: readonly string[]): string[] {
  let head = oldBodyLength(gap, anchorIndent, before);
  if (head === 0) while (head < before.length && head < gap.length && sameLine(gap[head], before[head])) head++;
  let tail = gap.length;
  for (let j = after.length - 1; j >= 0 && tail > head && sameLine(gap[tail - 1], after[j]); j--) tail--;
  return gap.slice(head, tail);
}

/**
 * A line the snippet rewrote: same indentation, and at least half of the shorter line's words in
 * common, in order. Punctuation does not count: `three();` is no rewrite of `two();`.
 */
function sameLine(file: string, snippet: string): boolean {
  if (indentWidth(file) !== indentWidth(snippet)) return false;
  const a = wordsOf(file);
  const b = wordsOf(snippet);
  if (a.length === 0 || b.length === 0) return false;
  return 2 * commonWords(a, b) >= Math.min(a.length, b.length);
}



/**
 * How many of `following` lines are the old body of the matched line above them, when the snippet
 * gives it a new body (`newBody`: lines after it, all deeper than it): the lines deeper than it,
 * up to the first that is not; 0 without a new body.
 */
function oldBodyLength(following: readonly string[], anchorIndent: number, newBody: readonly string[]): number {
  const body = newBody.filter((l) => l.trim() !== '');
  if (body.length === 0 || !body.every((l) => indentWidth(l) > anchorIndent)) return 0;
  let end = 0;
  for (let i = 0; i < following.length; i++) {
    if (following[i].trim() === '') continue;
    if (indentWidth(following[i]) <= anchorIndent) break;
    end = i + 1;
  }
  return end;
}

/**
 * File lines between two matched lines that the snippet leaves out without a placeholder are
 * deleted, except where the snippet closed a block early: before a line that closes the block the
 * gap lies in (less indented than all of it), a gap that holds whole blocks (a method, a nested
 * class) is kept, so a class's remaining members stay inside it. Blank lines the snippet merely
 * squeezed out (nothing of its own in their place) are kept too.
 */
function keepUnmarkedGap(gap: readonly string[], next: string, snippetLinesBetween: number): boolean {
  const code = gap.filter((l) => l.trim() !== '');
  if (code.length === 0) return snippetLinesBetween === 0;
  const depths = code.map(indentWidth);
  if (indentWidth(next) >= Math.min(...depths)) return false;
  return depths.some((d, i) => i + 1 < depths.length && depths[i + 1] > d);
}
