/**
 * CompletionStream: judges a streamed reply a line at a time and says when to stop listening.
 * Text is processed one character at a time, so the outcome never depends on how the reply was
 * chunked; a line is judged only once it is complete, so it is never cut in half.
 */
import { CHAT_START, filterChatLine, linesAbove, type ChatHole, type ChatState } from './chatReply.js';
import type { StreamEnd } from './outcome.js';
import { initialLineState, judgeLine, type Hole, type LineState } from './stopRules.js';

/** A reply that is nothing but this much whitespace has stopped saying anything. */
export const WHITESPACE_LIMIT = 250;

export interface StreamOptions extends Hole {
  stops: readonly string[];
  /** Chat-FIM reply: fenced and possibly restarting the cursor line or the construct around it. */
  chat: boolean;
  /** Everything before the cursor that the prompt showed the model (a chat reply may repeat its end). */
  prefix: string;
}

export interface StreamResult {
  text: string;
  reason: StreamEnd;
}

export class CompletionStream {
  private pending = '';
  private readonly kept: string[] = [];
  private lineState: LineState;
  private chatState: ChatState = CHAT_START;
  private readonly chatHole: ChatHole;
  private whitespaceRun = 0;
  private ended: StreamEnd | null = null;

  constructor(private readonly options: StreamOptions) {
    this.lineState = initialLineState(options);
    this.chatHole = { lineBefore: options.lineBefore, above: options.chat ? linesAbove(options.prefix) : [] };
  }

  /** Feeds a chunk; returns the end reason once the completion is decided, else null. */
  push(chunk: string): StreamEnd | null {
    for (const ch of chunk) {
      if (this.ended) break;
      this.pending += ch;
      const stop = this.options.stops.find((token) => this.pending.endsWith(token));
      if (stop !== undefined) {
        this.finalLine(this.pending.slice(0, -stop.length), 'stop token');
        break;
      }
      this.whitespaceRun = /\s/.test(ch) ? this.whitespaceRun + 1 : 0;
      if (this.whitespaceRun >= WHITESPACE_LIMIT) {
        this.finalLine(this.pending.trimEnd(), 'whitespace');
        break;
      }
      if (ch === '\n') {
        const line = this.pending.slice(0, -1).replace(/\r$/, '');
        this.pending = '';
        this.line(line, true);
      }
    }
    return this.ended;
  }

  /**
   * The reply is over: the model finished, or it ran out of time or hit the token limit and only
   * complete lines count. Returns the completion text and why it ended.
   */
  finish(reason: 'end of reply' | 'timeout' | 'token limit'): StreamResult {
    if (!this.ended) this.finalLine(reason === 'end of reply' ? this.pending : '', reason);
    return { text: this.kept.join('\n').trimEnd(), reason: this.ended ?? reason };
  }

  private finalLine(text: string, reason: StreamEnd): void {
    this.pending = '';
    if (text !== '') this.line(text, false);
    this.ended ??= reason;
  }

  private line(raw: string, terminated: boolean): void {
    if (!this.options.chat) return this.judge(raw, terminated);
    const filtered = filterChatLine(this.chatHole, this.chatState, raw);
    this.chatState = filtered.state;
    filtered.lines.forEach((line, i) => {
      if (!this.ended) this.judge(line, terminated || i < filtered.lines.length - 1);
    });
    if (filtered.end === 'ignored fragment') this.kept.length = 0;
    if (filtered.end) this.ended ??= filtered.end;
  }

  private judge(line: string, terminated: boolean): void {
    const { state, verdict } = judgeLine(this.options, this.lineState, line, terminated);
    this.lineState = state;
    if (verdict.line !== null) this.kept.push(verdict.line);
    if (verdict.discardAll) this.kept.length = 0;
    if (verdict.end) this.ended = verdict.end;
  }
}
