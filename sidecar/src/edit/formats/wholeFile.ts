/**
 * The whole-file format, for small files: the model returns the complete new file. Simple for the
 * model, costly in tokens (every unchanged line is repeated), so `auto` uses it only up to
 * WHOLE_FILE_MAX_LINES. The reply is read like a replacement of the whole file (reasoning, fences,
 * blank lines at the ends), and its hunks go through the located pipeline: each hunk is shown once
 * the reply has gone CLOSING_CONTEXT lines past it unchanged, so the region is not owned by the
 * stream and the user may keep typing anywhere in the file; hunks outside a selection scope are
 * refused like any edit.
 */
import { lineDiff } from '../diff.js';
import { finalizeProposal, streamingProposal } from '../extract.js';
import { splitProposal } from '../layout.js';
import type { ChatRequest } from '../prompt.js';
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

export function buildWholeFilePrompt(input: FilePromptInput): ChatRequest {
  return filePrompt(SYSTEM_PROMPT, input);
}

/** A whole file keeps the indentation the model wrote. */
const AS_IS = { reindent: false };

/** Reads a whole-file reply as hunks against the lines the model saw. */
export class WholeFileReader {
  private lineCount = -1;
  private readonly given = new Set<string>();
  private count = 0;

  /** `original`: the text the model rewrites; `seen`: the same as lines. */
  constructor(
    private readonly original: string,
    private readonly seen: readonly string[],
  ) {}

  /** Hunks closed since the last read: CLOSING_CONTEXT written lines after them match the original. */
  read(replySoFar: string): LocatedEdit[] {
    const { complete } = splitProposal(streamingProposal(this.original, replySoFar, AS_IS));
    if (complete.length === this.lineCount) return [];
    this.lineCount = complete.length;
    const hunks = lineDiff(this.seen, complete, { early: true });
    const out: LocatedEdit[] = [];
    hunks.forEach((h, i) => {
      const nextStart = hunks[i + 1]?.bStart ?? complete.length;
      if (nextStart - h.bEnd < CLOSING_CONTEXT) return;
      const key = `${h.aStart}:${h.aEnd}:${complete.slice(h.bStart, h.bEnd).join('\n')}`;
      if (this.given.has(key)) return;
      this.given.add(key);
      out.push({ index: this.count++, start: h.aStart, end: h.aEnd, lines: complete.slice(h.bStart, h.bEnd), old: this.seen.slice(h.aStart, h.aEnd) });
    });
    return out;
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
