/**
 * Turns a model's reply (whole or half-arrived) into the code it proposes. Every function here is
 * called on each streamed chunk, so reasoning, fences and half-typed fence lines stay out of the
 * code at every step; only chatter before a fence shows, until that fence arrives.
 */

const THINK_OPEN = '<think>';
const THINK_CLOSE = '</think>';

/** A fence line as CommonMark has it: a run of three or more backticks or tildes, then an info string. */
const FENCE = /^[ \t]*(`{3,}|~{3,})(.*)$/;
/** An unfinished last line that may still become an opening fence. */
const PARTIAL_FENCE = /^[ \t]*(?:`+|~+)[^`\n]*$/;
/** Info strings that say the block holds a Markdown document. */
const MARKDOWN_INFO = /^(?:markdown|md|mdx)\b/i;

interface Fence {
  char: '`' | '~';
  length: number;
  info: string;
}

export function fenceOf(line: string): Fence | null {
  const m = FENCE.exec(line.replace(/\r$/, ''));
  if (!m) return null;
  const info = m[2].trim();
  // A backtick fence's info string may not contain backticks: "```js```" is inline code, not a fence.
  if (m[1][0] === '`' && info.includes('`')) return null;
  return { char: m[1][0] as Fence['char'], length: m[1].length, info };
}

/** CRLF and a lone CR are line breaks, as in the document (LSP). */
const LINE_BREAK = /\r\n?/g;

/**
 * The code of a reply, as lines joined with LF (the document's own line break is put back where
 * lines are written). `original` is the code being edited: when it has fences of its own (a
 * Markdown document), a fence in the reply is its content rather than a wrapper, unless it is
 * plainly one (see `wrapsReply`).
 */
export function extractEditedCode(reply: string, original = ''): string {
  const text = dropThinking(reply.replace(LINE_BREAK, '\n'));
  const lines = text.split('\n');
  const open = lines.findIndex((line) => fenceOf(line) !== null);
  if (open === -1 || !wrapsReply(lines, open, original)) {
    // Backticks on an unfinished last line may be a fence on its way: hold that line back.
    return open === -1 && PARTIAL_FENCE.test(lines[lines.length - 1]) ? lines.slice(0, -1).map((line) => `${line}\n`).join('') : text;
  }
  const fence = fenceOf(lines[open])!;
  const body = lines.slice(open + 1);
  const close = closingFence(body, fence);
  if (close === -1) return body.join('\n');
  // The newline that ends the last code line belongs to the code, the fence line does not.
  return body.slice(0, close).map((line) => `${line}\n`).join('');
}

/**
 * Index in `body` of the line that closes `open`: the same character, at least as long, no info
 * string (CommonMark). Fences with an info string inside open blocks of their own, so a Markdown
 * document wrapped in a fence of the same length keeps its code blocks. An unfinished last line
 * that may still become the closing fence counts as it, so it never shows.
 */
function closingFence(body: readonly string[], open: Fence): number {
  let depth = 0;
  const partialClose = new RegExp(`^[ \\t]*\\${open.char}+[ \\t]*$`);
  for (let i = 0; i < body.length; i++) {
    const fence = fenceOf(body[i]);
    if (fence && fence.char === open.char && fence.length >= open.length) {
      if (fence.info !== '') depth++;
      else if (depth > 0) depth--;
      else return i;
    } else if (i === body.length - 1 && depth === 0 && partialClose.test(body[i])) return i;
  }
  return -1;
}

/**
 * Whether the fence at `lines[open]` wraps the reply. Always, when the code being edited has no
 * fences; otherwise the fence must say so: a Markdown info string, a fence longer than any of the
 * original's, or only chatter before it (no line of the original), and the original must not itself
 * start with a fence.
 */
export function wrapsReply(lines: readonly string[], open: number, original: string): boolean {
  const own = original.split('\n');
  const ownFences = own.map(fenceOf).filter((f): f is Fence => f !== null);
  if (ownFences.length === 0) return true;
  const fence = fenceOf(lines[open])!;
  if (MARKDOWN_INFO.test(fence.info)) return true;
  if (fence.length > Math.max(...ownFences.map((f) => f.length))) return true;
  const ownLines = new Set(own.map((l) => l.trim()).filter((l) => l !== ''));
  const before = lines.slice(0, open).filter((l) => l.trim() !== '');
  if (before.some((l) => ownLines.has(l.trim()))) return false;
  const firstOwn = own.find((l) => l.trim() !== '');
  return firstOwn === undefined || fenceOf(firstOwn) === null;
}

/** The reply without its reasoning: closed `<think>` blocks removed, an open one cut off with the rest. */
export function dropThinking(reply: string): string {
  let text = reply;
  for (let open = text.indexOf(THINK_OPEN); open !== -1; open = text.indexOf(THINK_OPEN, open)) {
    const close = text.indexOf(THINK_CLOSE, open);
    // Still inside the block: the rest of the reply so far is reasoning.
    if (close === -1) return text.slice(0, open);
    const after = text.slice(close + THINK_CLOSE.length).replace(/^[ \t]*(\r?\n)+/, '');
    text = text.slice(0, open) + after;
  }
  // A reply that so far is only the start of "<think>" is about to open a block, not code.
  const head = text.trimStart();
  if (head !== '' && THINK_OPEN.startsWith(head)) return '';
  return text;
}

/** The leading whitespace shared by every non-blank line ('' when there is none). */
export function commonIndent(text: string): string {
  let shared: string | null = null;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const indent = /^[ \t]*/.exec(line)![0];
    if (shared === null) shared = indent;
    else {
      let n = 0;
      while (n < shared.length && n < indent.length && shared[n] === indent[n]) n++;
      shared = shared.slice(0, n);
    }
  }
  return shared ?? '';
}

/** Re-bases the reply on the original's indentation: models often return a nested block flush left. */
export function matchIndentation(original: string, reply: string): string {
  // With no code in the original (an empty selection) there is no indentation to restore.
  if (original.trim() === '') return reply;
  const from = commonIndent(reply);
  const to = commonIndent(original);
  if (from === to) return reply;
  return reply
    .split('\n')
    .map((line) => (line.trim() !== '' && line.startsWith(from) ? to + line.slice(from.length) : line))
    .join('\n');
}

/** Line breaks at the end of a text, with any indentation left on the empty last line. */
const TRAILING_BREAKS = /(?:\r?\n[ \t]*)*$/;
/** Whole blank lines at the start of a text. */
const LEADING_BLANK_LINES = /^(?:[ \t]*\r?\n)*/;

/**
 * The blank lines that start the original start the code too: a model often drops them (or adds
 * some), and accepting would otherwise delete the blank lines above the selection's first code line.
 */
function restoreLeadingBlankLines(original: string, code: string): string {
  if (original.trim() === '' || code.trim() === '') return code;
  return LEADING_BLANK_LINES.exec(original)![0] + code.replace(LEADING_BLANK_LINES, '');
}

/** How a reply is read: a selection's new text is re-indented to the original's nesting; a whole file is not. */
export interface ReadOptions {
  reindent: boolean;
}

const SELECTION: ReadOptions = { reindent: true };

export function finalizeProposal(original: string, reply: string, opts: ReadOptions = SELECTION): { text: string; noChanges: boolean } {
  const extracted = extractEditedCode(reply, original);
  const code = restoreLeadingBlankLines(original, opts.reindent ? matchIndentation(original, extracted) : extracted);
  if (code.trim() === '') return { text: original, noChanges: true };
  const text = code.replace(TRAILING_BREAKS, '') + TRAILING_BREAKS.exec(original)![0];
  return { text, noChanges: text === original };
}

/**
 * What to show mid-stream. An unfinished last line that is only whitespace is held back: its
 * indentation is not known yet and showing it would make the line jump once its code arrives.
 * Leading blank lines wait for the first code line, which settles how many there are.
 */
export function streamingProposal(original: string, replySoFar: string, opts: ReadOptions = SELECTION): string {
  const code = extractEditedCode(replySoFar, original);
  const lastBreak = code.lastIndexOf('\n');
  const settled = code.slice(lastBreak + 1).trim() === '' ? code.slice(0, lastBreak + 1) : code;
  if (settled.trim() === '' && original.trim() !== '') return '';
  return restoreLeadingBlankLines(original, opts.reindent ? matchIndentation(original, settled) : settled);
}
