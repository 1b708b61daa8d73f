/**
 * A pending proposal as a unified diff. The document holds both sides at once (red lines are the
 * original's, green lines the proposal's), so the diff is read off the marks, not recomputed.
 * Pure: a document and its runs in, hunks with `@@ -a,b +c,d @@` headers out, numbered in the
 * original's lines (and, on the + side, as if every earlier hunk were accepted, as `diff -u` does).
 */
import type { DiffLineRun, TextBuffer } from '@redline/shared-protocol';

export type DiffKind = 'context' | 'removed' | 'added';

export interface DiffLine {
  kind: DiffKind;
  text: string;
  /** The document line it is shown from (for its word spans), or -1 for a line repeated to mark a missing final line break. */
  line: number;
  /** The file's last line on this line's side, without a line break after it. */
  noEol?: boolean;
}

export interface UnifiedHunk {
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  lines: DiffLine[];
}

/** Every line of the document with its kind. */
export function documentLines(buffer: TextBuffer, runs: readonly DiffLineRun[]): DiffLine[] {
  const kinds = new Map<number, DiffKind>();
  // An unreached original line (a stream cut short) is one accepting would drop.
  for (const run of runs) for (let i = 0; i < run.count; i++) kinds.set(run.start + i, run.kind === 'unreached' ? 'removed' : run.kind);
  const lines: DiffLine[] = [];
  for (let line = 0; line < buffer.lineCount; line++) lines.push({ kind: kinds.get(line) ?? 'context', text: buffer.lineAt(line), line });
  return markFinalBreaks(lines);
}

/**
 * The empty line after a final line break is no line of the file. Without a final break, the last
 * line of each side is marked; a context line that is last on one side only is really changed
 * (it gains or loses its break), so it is shown removed and added, as `diff` does.
 */
function markFinalBreaks(lines: DiffLine[]): DiffLine[] {
  const last = lines[lines.length - 1];
  if (last && last.kind === 'context' && last.text === '') return lines.slice(0, -1);
  const lastOld = findLastIndex(lines, (l) => l.kind !== 'added');
  const lastNew = findLastIndex(lines, (l) => l.kind !== 'removed');
  const out = lines.map((l) => ({ ...l }));
  if (lastOld !== -1 && lastOld === lastNew) {
    out[lastOld].noEol = true;
    return out;
  }
  const split = Math.min(lastOld, lastNew);
  if (split !== -1 && out[split].kind === 'context') {
    // Everything after `split` is of one kind: the side that goes on.
    const { text, line } = out[split];
    const tail = out.slice(split + 1);
    const removed = lastOld > lastNew ? tail : [];
    const added = lastOld > lastNew ? [] : tail;
    out.splice(split, out.length - split, { kind: 'removed', text, line }, ...removed, { kind: 'added', text, line: -1 }, ...added);
  }
  for (const side of ['added', 'removed'] as const) {
    const last = findLastIndex(out, (l) => l.kind !== side);
    if (last !== -1) out[last].noEol = true;
  }
  return out;
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
  return -1;
}

/** Maximal runs of changed lines, [start, end) indices into `lines`: the sidecar's hunks. */
export function changeGroups(lines: readonly DiffLine[]): Array<[number, number]> {
  const groups: Array<[number, number]> = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].kind === 'context') continue;
    const start = i;
    while (i + 1 < lines.length && lines[i + 1].kind !== 'context') i++;
    groups.push([start, i + 1]);
  }
  return groups;
}

/**
 * `merged`: a patch, as `diff -U<context>` prints it (hunks whose context would touch are one).
 * `each`: one hunk per change group, the unit a verdict settles; its context is the original's
 * lines around it, a neighbouring group's red lines included and its green lines left out.
 */
export function unifiedHunks(lines: readonly DiffLine[], context: number, mode: 'merged' | 'each'): UnifiedHunk[] {
  const groups = changeGroups(lines);
  const oldBefore: number[] = [];
  let old = 0;
  for (const line of lines) {
    oldBefore.push(old);
    if (line.kind !== 'added') old++;
  }
  const hunks: UnifiedHunk[] = [];
  let delta = 0;
  if (mode === 'merged') {
    for (let g = 0; g < groups.length; ) {
      let end = g;
      while (end + 1 < groups.length && groups[end + 1][0] - groups[end][1] <= 2 * context) end++;
      const from = Math.max(0, groups[g][0] - context);
      const to = Math.min(lines.length, groups[end][1] + context);
      const hunk = numbered(lines.slice(from, to), oldBefore[from], delta);
      delta += hunk.newCount - hunk.oldCount;
      hunks.push(hunk);
      g = end + 1;
    }
    return hunks;
  }
  for (const [start, end] of groups) {
    const above: DiffLine[] = [];
    for (let i = start - 1; i >= 0 && above.length < context; i--) if (lines[i].kind !== 'added') above.unshift({ ...lines[i], kind: 'context' });
    const below: DiffLine[] = [];
    for (let i = end; i < lines.length && below.length < context; i++) if (lines[i].kind !== 'added') below.push({ ...lines[i], kind: 'context' });
    const hunk = numbered([...above, ...lines.slice(start, end), ...below], oldBefore[start] - above.length, delta);
    delta += hunk.newCount - hunk.oldCount;
    hunks.push(hunk);
  }
  return hunks;
}

function numbered(lines: DiffLine[], oldBefore: number, delta: number): UnifiedHunk {
  const oldCount = lines.filter((l) => l.kind !== 'added').length;
  const newCount = lines.filter((l) => l.kind !== 'removed').length;
  const newBefore = oldBefore + delta;
  return { oldStart: oldCount === 0 ? oldBefore : oldBefore + 1, oldCount, newStart: newCount === 0 ? newBefore : newBefore + 1, newCount, lines };
}

export function hunkHeader(h: UnifiedHunk): string {
  const side = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);
  return `@@ -${side(h.oldStart, h.oldCount)} +${side(h.newStart, h.newCount)} @@`;
}

export const NO_EOL = '\\ No newline at end of file';

const SIGN: Record<DiffKind, string> = { context: ' ', removed: '-', added: '+' };

/**
 * A patch `git apply` and `patch -p1` take. Within each run of changed lines the removed ones come
 * first, as `diff -u` prints them: the document keeps them in the order a stream showed them (a new
 * line may stand above the original lines it replaces), which a patch reader does not expect.
 */
export function formatUnified(hunks: readonly UnifiedHunk[], path: string): string {
  if (hunks.length === 0) return '';
  const name = path.replace(/^\/+/, '');
  const out = [`--- a/${name}`, `+++ b/${name}`];
  for (const h of hunks) {
    out.push(hunkHeader(h));
    for (const l of removedFirst(h.lines)) {
      out.push(SIGN[l.kind] + l.text);
      if (l.noEol) out.push(NO_EOL);
    }
  }
  return out.join('\n') + '\n';
}

/** Each run of changed lines reordered to its removed lines, then its added lines; context stays. */
function removedFirst(lines: readonly DiffLine[]): DiffLine[] {
  const out: DiffLine[] = [];
  for (let i = 0; i < lines.length; ) {
    if (lines[i].kind === 'context') {
      out.push(lines[i++]);
      continue;
    }
    let end = i;
    while (end < lines.length && lines[end].kind !== 'context') end++;
    const run = lines.slice(i, end);
    out.push(...run.filter((l) => l.kind === 'removed'), ...run.filter((l) => l.kind === 'added'));
    i = end;
  }
  return out;
}
