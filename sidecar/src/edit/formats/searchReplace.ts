/**
 * SEARCH/REPLACE blocks: the model names each stretch of lines it changes by repeating it, so one
 * reply can change several places of a file without line numbers:
 *
 *     src/cart.ts
 *     <<<<<<< SEARCH
 *     lines copied from the file
 *     =======
 *     the lines that replace them
 *     >>>>>>> REPLACE
 *
 * The reader takes each block once its REPLACE line has arrived; text between blocks (chatter,
 * fences) is ignored.
 */
import type { ContextInput, PlannedRequest } from '../prompt.js';
import { dropThinking } from '../extract.js';

const THINK_OPEN = '<think>';
import { filePrompt, type EditReader, type FilePromptInput, type ProposedEdit, type ReadProblem, type ReadResult } from './format.js';

const SEARCH = /^[ \t]*<{5,9} ?SEARCH[ \t]*$/;
const DIVIDER = /^[ \t]*={5,9}[ \t]*$/;
const REPLACE = /^[ \t]*>{5,9} ?REPLACE[ \t]*$/;
/** A line naming a file: a path with a dot or a slash and no spaces, perhaps in backticks or bold. */
const PATH = /^[ \t]*[`*]*([\w@~.$+-]*[./][\w@~.$/\\+-]*)[`*:]*[ \t]*$/;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;

const SYSTEM_PROMPT = [
  'You are editing a file inside a code editor.',
  'Describe your change as SEARCH/REPLACE blocks and nothing else. Each block is the file path on its own line, then:',
  '<<<<<<< SEARCH',
  'lines copied exactly from the file, with their indentation and comments',
  '=======',
  'the lines that replace them',
  '>>>>>>> REPLACE',
  'The SEARCH lines must match the file exactly and be enough lines to be unique in it.',
  'Use one small block per place you change; to add lines, put the lines next to them in SEARCH and repeat them in REPLACE.',
  'Keep everything the instruction does not mention exactly as it is. No commentary.',
].join('\n');

export function buildSearchReplacePrompt(input: FilePromptInput, context?: ContextInput): PlannedRequest {
  return filePrompt(SYSTEM_PROMPT, input, '', context);
}

type State = { at: 'outside' } | { at: 'search' | 'replace'; path: string | null; search: string[]; replace: string[] };

export class SearchReplaceReader implements EditReader {
  /** Complete lines of the reply read so far. */
  private consumed = 0;
  private state: State = { at: 'outside' };
  /** The last line outside a block that named a file. */
  private lastPath: string | null = null;
  private count = 0;
  /**
   * The reply's complete lines, split as chunks arrive (splitting the whole reply per chunk cost its
   * length squared); once `<think>` appears the reply is read whole, as `dropThinking` reads it.
   */
  private lines: string[] = [];
  private partial = '';
  private readLength = 0;
  private thinking = false;

  read(replySoFar: string): ReadResult {
    // A shorter reply (never sent by a session) is read whole too.
    const shorter = replySoFar.length < this.readLength;
    const added = replySoFar.slice(this.readLength);
    this.readLength = replySoFar.length;
    if (this.thinking || shorter || (this.partial.slice(-THINK_OPEN.length) + added).includes(THINK_OPEN)) {
      this.thinking = true;
      const lines = dropThinking(replySoFar).split('\n');
      lines.pop(); // the unfinished last line
      return this.take(lines);
    }
    const pieces = (this.partial + added).split('\n');
    this.partial = pieces.pop()!;
    for (const line of pieces) this.lines.push(line);
    return this.take(this.lines);
  }

  finish(reply: string): ReadResult {
    const result = this.take(dropThinking(reply).split('\n'));
    if (this.state.at !== 'outside') {
      const missing = this.state.at === 'search' ? '=======' : '>>>>>>> REPLACE';
      result.problems.push({ message: `Block ${this.count + 1} has no ${missing} line (the reply ended inside it); it was not applied.` });
      this.state = { at: 'outside' };
    }
    return result;
  }

  private take(lines: readonly string[]): ReadResult {
    const edits: ProposedEdit[] = [];
    const problems: ReadProblem[] = [];
    for (; this.consumed < lines.length; this.consumed++) {
      const line = lines[this.consumed].replace(/\r$/, '');
      const s = this.state;
      if (s.at === 'outside') {
        if (SEARCH.test(line)) this.state = { at: 'search', path: this.lastPath, search: [], replace: [] };
        else if (line.trim() !== '' && !FENCE.test(line)) this.lastPath = PATH.exec(line)?.[1] ?? null;
      } else if (SEARCH.test(line)) {
        problems.push({ message: `Block ${this.count + 1} starts again before it ends; the unfinished one was not applied.` });
        this.state = { at: 'search', path: s.path, search: [], replace: [] };
      } else if (s.at === 'search' && DIVIDER.test(line)) {
        s.at = 'replace';
      } else if (s.at === 'replace' && REPLACE.test(line)) {
        edits.push({ index: this.count++, path: s.path, oldText: asLines(s.search), newText: asLines(s.replace), wholeLines: true });
        this.state = { at: 'outside' };
      } else {
        (s.at === 'search' ? s.search : s.replace).push(line);
      }
    }
    return { edits, problems };
  }
}

/** Whole lines as text: each line with its line break, so no lines ('') and one blank line ('\n') differ. */
function asLines(lines: readonly string[]): string {
  return lines.map((line) => `${line}\n`).join('');
}
