/**
 * Turns a model's reply (whole or half-arrived) into the code it proposes. Every function here is
 * called on each streamed chunk, so reasoning, fences and half-typed fence lines stay out of the
 * code at every step; only chatter before a fence shows, until that fence arrives.
 */

const THINK_OPEN = '<think>';
const THINK_CLOSE = '</think>';
/** A line that opens a fenced block: backticks, then at most a language tag. */
const OPEN_FENCE = /^[ \t]*```[^`\n]*$/;
const CLOSE_FENCE = /^[ \t]*```[ \t]*\r?$/;
/** An unfinished last line that may still become a fence. */
const PARTIAL_FENCE = /^[ \t]*`{1,3}[^`\n]*$/;

/** CRLF and a lone CR are line breaks, as in the document (LSP). */
const LINE_BREAK = /\r\n?/g;

/** The code, as lines joined with LF: the document's own line break is put back where lines are written. */
export function extractEditedCode(reply: string): string {
  const text = dropThinking(reply.replace(LINE_BREAK, '\n'));
  const lines = text.split('\n');
  const open = lines.findIndex((line) => OPEN_FENCE.test(line));
  if (open === -1) {
    // Backticks on an unfinished last line may be a fence on its way: hold that line back.
    return PARTIAL_FENCE.test(lines[lines.length - 1]) ? lines.slice(0, -1).map((line) => `${line}\n`).join('') : text;
  }
  const body = lines.slice(open + 1);
  const close = body.findIndex((line, i) => CLOSE_FENCE.test(line) || (i === body.length - 1 && PARTIAL_FENCE.test(line)));
  if (close === -1) return body.join('\n');
  // The newline that ends the last code line belongs to the code, the fence line does not.
  return body.slice(0, close).map((line) => `${line}\n`).join('');
}

function dropThinking(reply: string): string {
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

export function finalizeProposal(original: string, reply: string): { text: string; noChanges: boolean } {
  const code = matchIndentation(original, extractEditedCode(reply));
  if (code.trim() === '') return { text: original, noChanges: true };
  const text = code.replace(TRAILING_BREAKS, '') + TRAILING_BREAKS.exec(original)![0];
  return { text, noChanges: text === original };
}

/**
 * What to show mid-stream. An unfinished last line that is only whitespace is held back: its
 * indentation is not known yet and showing it would make the line jump once its code arrives.
 */
export function streamingProposal(original: string, replySoFar: string): string {
  const code = extractEditedCode(replySoFar);
  const lastBreak = code.lastIndexOf('\n');
  const settled = code.slice(lastBreak + 1).trim() === '' ? code.slice(0, lastBreak + 1) : code;
  return matchIndentation(original, settled);
}
