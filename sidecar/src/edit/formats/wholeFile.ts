/**
 * The whole-file format, for small files: the model returns the complete new file. Simple for the
 * model, costly in tokens (every unchanged line is repeated), so `auto` uses it only up to
 * WHOLE_FILE_MAX_LINES. The reply is read like a replacement of the whole file (reasoning, fences,
 * blank lines at the ends), and its hunks go through the located pipeline: each hunk is shown once
 * the reply has gone CLOSING_CONTEXT lines past it unchanged (and where the reply is in the
 * original is not in doubt), so the region is not owned by the stream and the user may keep typing
 * anywhere in the file; hunks outside a selection scope are refused like any edit.
 */
import { lineDiff, type DiffHunk } from '../diff.js';
import { finalizeProposal } from '../extract.js';
import { splitProposal } from '../layout.js';
import { StreamingReply } from '../streamingReply.js';
import type { ContextInput, PlannedRequest } from '../prompt.js';
import type { LocatedEdit } from '../apply/types.js';
import { filePrompt, type FilePromptInput } from './format.js';

/** Unchanged lines the reply must have written after a hunk before the hunk is taken as final. */
export const CLOSING_CONTEXT = 3;

const SYSTEM_PROMPT = [
  'You are editing a file inside a code editor.',
  'Reply with the complete new content of the file and nothing else:',
  'no diff, no Markdown fences around it, no commentary before or after it.',
  'Keep every line the instruction does not mention exactly as it is, including indentation, comments and blank lines.',
].join(' ');

export function buildWholeFilePrompt(input: FilePromptInput, context?: ContextInput): PlannedRequest {
  return filePrompt(SYSTEM_PROMPT, input, '', context);
}

/** A whole file keeps the indentation the model wrote. */
const AS_IS = { reindent: false };

/**
 * Reads a whole-file reply as hunks against the lines the model saw. A hunk once given is final:
 * the reply up to it is settled, and later hunks are read only in what follows, so two hunks never
 * claim the same lines.
 */
export class WholeFileReader {
  private lineCount = -1;
  /** The reply's lines up to the end of the last hunk given, and how many of `seen` they rewrite. */
  private settled: string[] = [];
  private settledSeen = 0;
  private count = 0;
  /** The proposal so far, read chunk by chunk: its complete lines and its unfinished one. */
  private reply: StreamingReply;
  private readLength = 0;
  private complete: string[] = [];
  private partial = '';

  /** `original`: the text the model rewrites; `seen`: the same as lines. */
  constructor(
    private readonly original: string,
    private readonly seen: readonly string[],
  ) {
    this.reply = new StreamingReply(original, AS_IS);
  }

  /** The proposal's complete lines once `replySoFar` is read: only what it added is read. */
  private completeLines(replySoFar: string): string[] {
    // The reply only grows; a shorter one (never sent by a session) is read from the start.
    if (replySoFar.length < this.readLength) {
      this.reply = new StreamingReply(this.original, AS_IS);
      this.readLength = 0;
    }
    const change = this.reply.push(replySoFar.slice(this.readLength));
    this.readLength = replySoFar.length;
    if (change.kind === 'reset') ({ complete: this.complete, partial: this.partial } = splitProposal(change.text));
    else if (change.text.includes('\n')) {
      const pieces = (this.partial + change.text).split('\n');
      this.partial = pieces.pop()!;
      for (const line of pieces) this.complete.push(line);
    } else this.partial += change.text;
    return this.complete;
  }

  /** Hunks closed since the last read: CLOSING_CONTEXT written lines after them match the original. */
  read(replySoFar: string): LocatedEdit[] {
    const complete = this.completeLines(replySoFar);
    if (complete.length === this.lineCount) return [];
    this.lineCount = complete.length;
    // Extraction can still drop a line it gave (prose before a fence): then the rest waits for the end.
    if (complete.length < this.settled.length || this.settled.some((l, i) => complete[i] !== l)) return [];
    const a = this.seen.slice(this.settledSeen);
    const b = complete.slice(this.settled.length);
    // Two readings of where the reply is: the original lines it has reached for the fewest changed
    // lines, and a diff against all of them. Among repeated lines they can differ; a hunk is given only where
    // they agree, else it waits for more of the reply (or for the end).
    const hunks = lineDiff(a.slice(0, reachedLines(a, b)), b);
    const last = lastAgreedClosed(hunks, lineDiff(a, b, { early: true }), b.length);
    if (last < 0) return [];
    const from = this.settledSeen;
    this.settledSeen += hunks[last].aEnd;
    for (let i = 0; i < hunks[last].bEnd; i++) this.settled.push(b[i]); // not push(...): a long reply's lines would overflow the stack
    return hunks.slice(0, last + 1).map((h) => ({ index: this.count++, start: from + h.aStart, end: from + h.aEnd, lines: b.slice(h.bStart, h.bEnd), old: a.slice(h.aStart, h.aEnd) }));
  }

  /** The final lines of the rewritten text. */
  final(reply: string): string[] {
    const { complete, partial } = splitProposal(finalizeProposal(this.original, reply, AS_IS).text);
    return partial === '' ? complete : [...complete, partial];
  }

  /** Hunks turning `base` (the original with the hunks shown so far) into the final lines. */
  rest(base: readonly string[], final: readonly string[]): LocatedEdit[] {
    return lineDiff(base, final).map((h) => ({ index: this.count++, start: h.aStart, end: h.aEnd, lines: final.slice(h.bStart, h.bEnd), old: base.slice(h.aStart, h.aEnd) }));
  }
}

/**
 * The last hunk both readings give alike with all before it, and with CLOSING_CONTEXT unchanged
 * lines after it in both; -1 when there is none. Hunks closer together close together.
 */
function lastAgreedClosed(x: readonly DiffHunk[], y: readonly DiffHunk[], written: number): number {
  const closed = (hs: readonly DiffHunk[], i: number) => (hs[i + 1]?.bStart ?? written) - hs[i].bEnd >= CLOSING_CONTEXT;
  const same = (h: DiffHunk, k: DiffHunk) => h.aStart === k.aStart && h.aEnd === k.aEnd && h.bStart === k.bStart && h.bEnd === k.bEnd;
  let last = -1;
  for (let i = 0; i < x.length && i < y.length && same(x[i], y[i]); i++) if (closed(x, i) && closed(y, i)) last = i;
  return last;
}

/**
 * How many lines of `a` the partial rewrite `b` has reached: the k for which a[0..k) → b changes
 * the fewest lines (on a tie the largest, which has the most lines in common). Lines past k are not reached yet rather than deleted;
 * a diff of `b` against all of `a` counts them as deleted like any other, so among repeated lines
 * it may match the reply's latest lines to a later repeat and take the lines between as deleted.
 */
export function reachedLines(a: readonly string[], b: readonly string[]): number {
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  const n = a.length - p;
  // row[i]: the longest common subsequence of a[p..p+i) and the rows of b so far.
  let row = new Int32Array(n + 1);
  let next = new Int32Array(n + 1);
  for (let j = p; j < b.length; j++) {
    for (let i = 1; i <= n; i++) next[i] = a[p + i - 1] === b[j] ? row[i - 1] + 1 : Math.max(row[i], next[i - 1]);
    [row, next] = [next, row];
  }
  let best = 0;
  for (let i = 1; i <= n; i++) if (i - 2 * row[i] <= best - 2 * row[best]) best = i;
  return p + best;
}
