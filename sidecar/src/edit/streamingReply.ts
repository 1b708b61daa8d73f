/**
 * `streamingProposal` kept up to date chunk by chunk: the same text for the same reply, at a cost
 * proportional to the chunk rather than to the reply so far (reading the whole reply per chunk made
 * a long reply's streaming cost grow with the square of its length).
 *
 * Each complete line of the reply is read once: whether it opens or closes the wrapping fence, and
 * what it does to the code's common indentation. The proposal is kept as the text of its complete
 * lines (grown by appending) plus the unfinished line, and each push says what changed: text
 * appended, or (rarely: a wrapping fence found, the indentation shrinking) the whole proposal anew.
 * A reply with `<think>` or a carriage return in it is read whole per chunk, as before.
 */
import { commonIndent, fenceOf, streamingProposal, wrapsReply, type ReadOptions } from './extract.js';

/** What a push changed in the proposal: text appended to it, or the whole of it anew. */
export type ProposalChange = { kind: 'append'; text: string } | { kind: 'reset'; text: string };

const THINK_OPEN = '<think>';
/** As in `extract.ts`: an unfinished last line that may still become an opening fence. */
const PARTIAL_FENCE = /^[ \t]*(?:`+|~+)[^`\n]*$/;
/** A line `restoreLeadingBlankLines` drops from the top of the code. */
const BLANK_LINE = /^[ \t]*$/;
const LEADING_BLANK_LINES = /^(?:[ \t]*\r?\n)*/;
const INDENT = /^[ \t]*/;

type Fence = NonNullable<ReturnType<typeof fenceOf>>;

function sharedIndent(a: string | null, b: string): string {
  if (a === null) return b;
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return a.slice(0, n);
}

export class StreamingReply {
  /** The whole reply, read only once it has `<think>` or a carriage return in it. */
  private reply = '';
  private wholeReply = false;
  /** The last characters of the reply, to find `<think>` across chunks. */
  private tail = '';
  /** The reply from its first non-whitespace character, while it may still be `<think>` being spelled. */
  private lead = '';
  private readonly lines: string[] = [];
  private partial = '';
  /** Complete lines searched for fences. */
  private scanned = 0;
  /** The first fence line, when one was found on a complete line. */
  private open: { at: number; fence: Fence; wraps: boolean } | null = null;
  private depth = 0;
  /** Index in `lines` of the closing fence: the code is complete. */
  private close = -1;
  /** The code's lines are `lines[codeStart..]`, up to `close`. */
  private codeStart = 0;
  /** Code lines read into `indent` and `leadingBlank`. */
  private read = 0;
  /** Common indentation of the code's complete non-blank lines. */
  private indent: string | null = null;
  /** Spaces-and-tabs lines at the top of the code (the original's own leading blank lines replace them). */
  private leadingBlank = 0;
  private leadingDone = false;
  /** The text of the proposal's complete lines: built for `stableKey`, over code lines up to `built`. */
  private stable = '';
  private stableKey = '';
  private built = 0;
  /** The unfinished line as told last, when the proposal told last was `stable` plus it; null otherwise. */
  private toldPartial: string | null = null;
  private readonly originalBlank: boolean;
  private readonly to: string;
  private readonly head: string;

  constructor(
    private readonly original: string,
    private readonly opts: ReadOptions = { reindent: true },
  ) {
    this.originalBlank = original.trim() === '';
    this.to = commonIndent(original);
    this.head = LEADING_BLANK_LINES.exec(original)![0];
  }

  /** Adds `chunk` to the reply; the change that makes to `streamingProposal(original, reply)`. */
  push(chunk: string): ProposalChange {
    this.reply += chunk;
    if (!this.wholeReply && (chunk.includes('\r') || (this.tail + chunk).includes(THINK_OPEN))) this.wholeReply = true;
    if (this.wholeReply) return this.whole(streamingProposal(this.original, this.reply, this.opts));
    this.tail = (this.tail + chunk).slice(-(THINK_OPEN.length - 1));
    if (this.lead.length <= THINK_OPEN.length) this.lead = this.lead === '' ? chunk.trimStart() : this.lead + chunk;
    const pieces = chunk.split('\n');
    if (pieces.length > 1) {
      this.lines.push(this.partial + pieces[0], ...pieces.slice(1, -1));
      this.partial = pieces[pieces.length - 1];
    } else this.partial += chunk;
    this.scanFences();
    return this.proposal();
  }

  /** Finds the first fence and, when it wraps the reply, its closing line, among the new complete lines. */
  private scanFences(): void {
    for (; this.scanned < this.lines.length && this.close < 0; this.scanned++) {
      const line = this.lines[this.scanned];
      const fence = fenceOf(line);
      if (!fence) continue;
      if (this.open === null) {
        const wraps = wrapsReply(this.lines.slice(0, this.scanned + 1), this.scanned, this.original);
        this.open = { at: this.scanned, fence, wraps };
        if (wraps) this.codeFrom(this.scanned + 1);
        continue;
      }
      const open = this.open;
      if (!open.wraps || fence.char !== open.fence.char || fence.length < open.fence.length) continue;
      if (fence.info !== '') this.depth++;
      else if (this.depth > 0) this.depth--;
      else this.close = this.scanned;
    }
  }

  private codeFrom(start: number): void {
    this.codeStart = start;
    this.read = start;
    this.indent = null;
    this.leadingBlank = 0;
    this.leadingDone = false;
  }

  /** Where the code's complete lines end (exclusive) and its unfinished line; null when the code is empty. */
  private code(): { end: number; partial: string } | null {
    const open = this.open;
    const partial = this.partial;
    if (this.close >= 0) return { end: this.close, partial: '' };
    if (open === null) {
      if (fenceOf(partial)) return wrapsReply([...this.lines, partial], this.lines.length, this.original) ? null : { end: this.lines.length, partial };
      return { end: this.lines.length, partial: PARTIAL_FENCE.test(partial) ? '' : partial };
    }
    if (!open.wraps) return { end: this.lines.length, partial };
    return { end: this.lines.length, partial: this.closesPartially() ? '' : partial };
  }

  /** Whether the unfinished line counts as the closing fence (it may still become one). */
  private closesPartially(): boolean {
    const open = this.open!.fence;
    const fence = fenceOf(this.partial);
    if (fence && fence.char === open.char && fence.length >= open.length) return fence.info === '' && this.depth === 0;
    return this.depth === 0 && new RegExp(`^[ \\t]*\\${open.char}+[ \\t]*$`).test(this.partial);
  }

  private proposal(): ProposalChange {
    const lead = this.lead.trimStart();
    // The reply so far may be `<think>` being spelled: nothing shows yet.
    if (lead !== '' && THINK_OPEN.startsWith(lead)) return this.whole('');
    const code = this.code();
    if (code === null) return this.whole('');
    for (; this.read < code.end; this.read++) {
      const line = this.lines[this.read];
      if (!this.leadingDone) {
        if (BLANK_LINE.test(line)) this.leadingBlank++;
        else this.leadingDone = true;
      }
      if (line.trim() !== '') this.indent = sharedIndent(this.indent, INDENT.exec(line)![0]);
    }
    // A whitespace-only unfinished line is held back; a blank proposal shows nothing.
    const partial = code.partial.trim() === '' ? '' : code.partial;
    if (this.originalBlank) return this.grow(code.end, partial, null, this.codeStart, '');
    const from = partial === '' ? this.indent : sharedIndent(this.indent, INDENT.exec(partial)![0]);
    if (from === null) return this.whole('');
    return this.grow(code.end, partial, this.opts.reindent ? from : null, this.codeStart + this.leadingBlank, this.head);
  }

  /**
   * The proposal `head`, then code lines `first..end` and the unfinished line, each non-blank line
   * re-based from `from` to the original's indentation (kept as written when `from` is null).
   */
  private grow(end: number, partial: string, from: string | null, first: number, head: string): ProposalChange {
    const map = (line: string) => (from !== null && line.trim() !== '' && line.startsWith(from) ? this.to + line.slice(from.length) : line);
    const key = `${from}\u0000${first}\u0000${head}`;
    const told = this.toldPartial;
    if (key !== this.stableKey || told === null || end < this.built) {
      this.stableKey = key;
      this.stable = head;
      for (this.built = first; this.built < end; this.built++) this.stable += `${map(this.lines[this.built])}\n`;
      return this.whole(this.stable, map(partial));
    }
    let added = '';
    for (; this.built < end; this.built++) added += `${map(this.lines[this.built])}\n`;
    this.stable += added;
    const shown = map(partial);
    this.toldPartial = shown;
    const grown = added + shown;
    return grown.startsWith(told) ? { kind: 'append', text: grown.slice(told.length) } : { kind: 'reset', text: this.stable + shown };
  }

  /** The proposal anew: `stable` plus the unfinished line `partial`, or (without it) a text outside `stable`. */
  private whole(text: string, partial?: string): ProposalChange {
    if (partial === undefined) {
      this.stableKey = '';
      this.toldPartial = null;
      return { kind: 'reset', text };
    }
    this.toldPartial = partial;
    return { kind: 'reset', text: text + partial };
  }
}
