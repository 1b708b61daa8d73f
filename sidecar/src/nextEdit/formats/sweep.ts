/**
 * Sweep Next-Edit 0.5B and 1.5B (Qwen2.5-Coder based), in the format its authors describe in "Open
 * sourcing a 1.5B parameter Next-Edit Autocomplete Model" (blog.sweep.dev/posts/oss-next-edit) and
 * Zed's client for it builds (zed-industries/zed `crates/edit_prediction/src/sweep_prompt.rs`,
 * `build_prompt`, `write_file_block`, `build_recent_change_blocks` @24e24d84): Qwen2.5-Coder's own
 * pretraining layout of `<|file_sep|>{path}` file blocks — related files (here the definitions of
 * the names around the cursor) first, then the recent changes oldest first as
 * `<|file_sep|>{path}.diff` blocks of `original:` and `updated:` lines (with the context lines of
 * the change; at most 3, as Zed sends), then a fixed window of 21 lines (10 above the cursor line,
 * 10 below) twice: as it was before the latest change (`original/`) and as it is (`current/`); the
 * model writes the window after the next edit under `updated/`. No cursor marker. Every block ends
 * with a line break; an empty `original:` side is an empty line, as Zed writes it.
 */
import { cutAtStops, editableLines, replyLines, type NextEditFormat, type NextEditInput } from '../format.js';

export const FILE_SEP = '<|file_sep|>';
/** Where the updated window ends: the next file block, or the model's end of text. */
export const SWEEP_STOPS = [FILE_SEP, '</s>', '<|endoftext|>'];

/** Zed's `write_file_block`: the path line, then the content, ending with a line break. */
function block(path: string, content: string): string {
  return `${FILE_SEP}${path}\n${content}${content.endsWith('\n') ? '' : '\n'}`;
}

const text = (lines: readonly string[]) => lines.map((line) => `${line}\n`).join('');

function build(input: NextEditInput): { kind: 'raw'; prompt: string; stops: string[] } {
  const related = input.definitions.map((d) => block(d.path, d.text));
  const changes = input.edits.map((edit) => {
    const original = edit.before.join('\n');
    return block(`${edit.path}.diff`, `original:\n${original}${original.endsWith('\n') ? '' : '\n'}updated:\n${edit.after.join('\n')}`);
  });
  const prompt = [...related, ...changes, block(`original/${input.path}`, text(input.original)), block(`current/${input.path}`, text(editableLines(input))), `${FILE_SEP}updated/${input.path}\n`].join('');
  return { kind: 'raw', prompt, stops: SWEEP_STOPS };
}

/** The updated window; an empty reply for a window that has lines is no window. */
export function readUpdated(reply: string, input: NextEditInput, marker?: string): string[] | null {
  let text = cutAtStops(reply, SWEEP_STOPS);
  if (marker) text = text.split(marker).join('');
  if (text.trim() === '' && input.editable.end > input.editable.start) return null;
  return replyLines(text);
}

export const SWEEP: NextEditFormat = {
  family: 'sweep',
  window: { kind: 'lines', above: 10, below: 10, context: 0 },
  edits: { context: 3, max: 3 },
  definitions: true,
  build,
  read: (reply, input) => readUpdated(reply, input),
};
