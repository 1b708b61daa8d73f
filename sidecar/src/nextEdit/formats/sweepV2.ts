/**
 * Sweep Next-Edit v2 (7B, Qwen2.5-Coder based), and the prompt Sweep's own local server builds for
 * its models: the format of the model card (huggingface.co/sweepai/sweep-next-edit-v2-7B, "Prompt
 * format") as Sweep's server `sweep-autocomplete` 0.1.1 (PyPI) assembles it
 * (`sweep_autocomplete/autocomplete/next_edit_autocomplete.py`: `prompt`, `diff_format`,
 * `get_block_around_cursor_line`, `format_recent_changes_and_prev_section`, `_fetch_next_edits_core`;
 * `next_edit_autocomplete_utils.py`: `get_lines_around_cursor`):
 *
 *     <|file_sep|>{path}\n{file}{definitions}\n{changes}\n
 *     <|file_sep|>original/{path}:{start}:{end}\n{block before the latest edit}\n
 *     <|file_sep|>current/{path}:{start}:{end}\n{block with <|cursor|>}\n
 *     <|file_sep|>updated/{path}:{start}:{end}\n
 *
 * - the file whole up to 800 lines, else the 300-line chunk around the cursor (`input.file`);
 * - definitions as `\n<|file_sep|>{path}\n{code}\n` chunks right after it (the server's retrieval
 *   chunks, at most 25 lines each);
 * - each recent change, oldest first and at most 6, as `<|file_sep|>{path}:{start}:{end}` with its
 *   `original:` and `updated:` lines and 1 context line around the change (leading and trailing
 *   empty lines dropped); changes that only move whitespace are left out; blocks joined by one
 *   line break. `start`/`end` are the 1-based lines of the updated side as shown (the server takes
 *   them from the client's hunk, whose context it does not know here);
 * - the block: 2 lines above the cursor line and 5 below, blank lines at its ends trimmed (see
 *   window.ts), `<|cursor|>` at the caret in `current/`;
 * - the headers' `{start}:{end}` computed as the server does: the cursor's row in the block plus
 *   one, and that plus the block's line count (not file line numbers; the card does not say which
 *   the model was trained on);
 * - no prefill after `updated/…\n`; stops `<|endoftext|>` and `<|file_sep|>`.
 */
import { cutAtStops, editableLines, type NextEditFormat, type NextEditInput } from '../format.js';
import { FILE_SEP, readUpdated } from './sweep.js';

export const SWEEP_CURSOR = '<|cursor|>';
const STOPS = ['<|endoftext|>', FILE_SEP];

const stripNewlines = (text: string) => text.replace(/^\n+|\n+$/g, '');

/** Whether the change (its lines between the shared context) only moves whitespace at its ends, as the server's `filter_whitespace_only_hunks` reads it. */
function whitespaceOnly(before: readonly string[], after: readonly string[]): boolean {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  return before.slice(head, before.length - tail).join('\n').trim() === after.slice(head, after.length - tail).join('\n').trim();
}

function changeBlocks(input: NextEditInput): string {
  return input.edits
    .filter((edit) => !whitespaceOnly(edit.before, edit.after))
    .map((edit) => `${FILE_SEP}${edit.path}:${edit.line + 1}:${edit.line + edit.after.length}\noriginal:\n${stripNewlines(edit.before.join('\n'))}\nupdated:\n${stripNewlines(edit.after.join('\n'))}`)
    .join('\n');
}

function build(input: NextEditInput): { kind: 'raw'; prompt: string; stops: string[] } {
  const block = editableLines(input);
  const row = input.cursor.line - input.editable.start;
  const current = block.map((line, i) => (i === row ? line.slice(0, input.cursor.character) + SWEEP_CURSOR + line.slice(input.cursor.character) : line));
  const range = `${row + 1}:${row + block.length + 1}`;
  const definitions = input.definitions.map((d) => `\n${FILE_SEP}${d.path}\n${d.text}\n`).join('');
  const prompt =
    `${FILE_SEP}${input.path}\n${input.file ?? ''}${definitions}\n${changeBlocks(input)}\n` +
    `${FILE_SEP}original/${input.path}:${range}\n${input.original.join('\n')}\n` +
    `${FILE_SEP}current/${input.path}:${range}\n${current.join('\n')}\n` +
    `${FILE_SEP}updated/${input.path}:${range}\n`;
  return { kind: 'raw', prompt, stops: STOPS };
}

export const SWEEP_V2: NextEditFormat = {
  family: 'sweep-v2',
  window: { kind: 'lines', above: 2, below: 5, context: 0, trimBlank: true },
  edits: { context: 1, max: 6 },
  wholeFile: true,
  definitions: true,
  build,
  read: (reply, input) => readUpdated(cutAtStops(reply, STOPS), input, SWEEP_CURSOR),
};
