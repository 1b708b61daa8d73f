/**
 * Asking for a verdict: the answers understood (pure, tested beside this file) and a line reader
 * that never loses an answer typed or piped ahead, reports end of input as `null` and Ctrl-C as an
 * interrupt.
 */
import { createInterface, type Interface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';

export type Verdict = 'accept' | 'reject' | 'hunks';

export const VERDICT_CHOICES = '[a/r/h]';

export const VERDICT_HELP = `a - accept every hunk
r - reject every hunk
h - decide hunk by hunk`;

/** `null`: not an answer; ask again. */
export function parseVerdict(answer: string): Verdict | 'help' | null {
  switch (answer.trim().toLowerCase()) {
    case 'a':
    case 'accept':
      return 'accept';
    case 'r':
    case 'reject':
      return 'reject';
    case 'h':
    case 'hunks':
      return 'hunks';
    case '?':
      return 'help';
    default:
      return null;
  }
}

export const HUNK_CHOICES = '[y,n,q,a,d,?]';

export const HUNK_HELP = `y - accept this hunk
n - reject this hunk
q - quit; reject this hunk and all later ones
a - accept this hunk and all later ones
d - reject this hunk and all later ones
? - print help`;

/** What a key does to the hunk shown (and, with `rest`, to every later one), as in `git add -p`. */
export type HunkStep = { accept: boolean; rest: boolean } | 'help';

export function parseHunkAnswer(answer: string): HunkStep | null {
  switch (answer.trim().toLowerCase()) {
    case 'y':
      return { accept: true, rest: false };
    case 'n':
      return { accept: false, rest: false };
    case 'a':
      return { accept: true, rest: true };
    case 'd':
    case 'q':
      return { accept: false, rest: true };
    case '?':
      return 'help';
    default:
      return null;
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The last line of a settled session: what happened to the hunks and to the file. */
export function summaryLine(accepted: number, total: number, file: string, wrote: boolean): string {
  return `redline: ${accepted} of ${plural(total, 'hunk')} accepted; ${wrote ? `wrote ${file}` : `${file} unchanged`}`;
}

/**
 * The line for a session that ended without a proposal: the sidecar's message (the cause first), then
 * that the file is untouched, as a sentence of its own after a message that ends one.
 */
export function unchangedLine(message: string, file: string): string {
  const text = message.trim();
  return /[.!?]$/.test(text) ? `redline: ${text} ${file} unchanged.` : `redline: ${text}; ${file} unchanged`;
}

export function verdictQuestion(hunks: number): string {
  return `${plural(hunks, 'hunk')}: accept all, reject all, or hunk by hunk? ${VERDICT_CHOICES} `;
}

export function hunkQuestion(n: number, total: number): string {
  return `(${n}/${total}) Accept this hunk ${HUNK_CHOICES}? `;
}

export interface Dialog {
  ask(question: string): Promise<string>;
  say(text: string): void;
  settle(accept: boolean, line?: number): Promise<unknown>;
  /** Each hunk as shown, in document order: the sidecar's hunks, one per change group. */
  hunks: readonly string[];
  /** A line of the first hunk still pending (hunks are settled in order). */
  firstHunkLine(): number | undefined;
}

/** Accept all, reject all, or hunk by hunk as `git add -p`; answers how many hunks were accepted. */
export async function verdicts(d: Dialog): Promise<number> {
  for (;;) {
    const answer = await d.ask(verdictQuestion(d.hunks.length));
    const verdict = parseVerdict(answer);
    if (verdict === 'accept' || verdict === 'reject') {
      await d.settle(verdict === 'accept');
      return verdict === 'accept' ? d.hunks.length : 0;
    }
    if (verdict === 'hunks') break;
    if (verdict === 'help' || answer.trim() !== '') d.say(VERDICT_HELP);
  }
  const { hunks } = d;
  let accepted = 0;
  for (let i = 0; i < hunks.length; i++) {
    d.say(hunks[i]);
    let step: Exclude<HunkStep, 'help'> | null = null;
    while (!step) {
      const answer = await d.ask(hunkQuestion(i + 1, hunks.length));
      const parsed = parseHunkAnswer(answer);
      if (parsed === 'help' || (parsed === null && answer.trim() !== '')) d.say(HUNK_HELP);
      else if (parsed) step = parsed;
    }
    if (step.rest) {
      await d.settle(step.accept);
      return accepted + (step.accept ? hunks.length - i : 0);
    }
    await d.settle(step.accept, d.firstHunkLine());
    if (step.accept) accepted++;
  }
  return accepted;
}

/**
 * Lines from a terminal or a pipe. Lines that arrive before they are asked for are kept in order
 * (piped answers arrive at once). On a terminal, readline edits the line and turns Ctrl-C into an
 * interrupt; elsewhere the answer is echoed after the question so the transcript reads right.
 */
export class LineInput {
  private readonly rl: Interface | null;
  private readonly queued: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private ended = false;

  constructor(
    input: Readable | null,
    private readonly output: Writable,
    private readonly terminal: boolean,
    onInterrupt: () => void,
  ) {
    if (!input) {
      this.rl = null;
      this.ended = true;
      return;
    }
    this.rl = createInterface({ input, output, terminal, historySize: 0 });
    this.rl.on('line', (line) => {
      if (this.waiting) this.settle(line);
      else this.queued.push(line);
    });
    this.rl.on('close', () => {
      this.ended = true;
      this.settle(null);
    });
    this.rl.on('SIGINT', onInterrupt);
  }

  /** The next line, or null at end of input. Aborting the signal rejects with its reason. */
  ask(question: string, signal: AbortSignal): Promise<string | null> {
    const line = this.queued.shift();
    if (line !== undefined || this.ended || !this.rl) {
      this.output.write(question + (line !== undefined && !this.terminal ? `${line}\n` : this.ended ? '\n' : ''));
      return Promise.resolve(line ?? null);
    }
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => {
        this.waiting = null;
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting = (answer) => {
        signal.removeEventListener('abort', onAbort);
        if (!this.terminal && answer !== null) this.output.write(`${answer}\n`);
        if (answer === null) this.output.write('\n');
        resolve(answer);
      };
      if (this.terminal) {
        this.rl!.setPrompt(question);
        this.rl!.prompt();
      } else this.output.write(question);
    });
  }

  private settle(line: string | null): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.(line);
  }

  close(): void {
    this.rl?.close();
  }
}
