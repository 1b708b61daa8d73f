/**
 * Sweep Next-Edit (Qwen2.5-Coder based, 0.5B–7B). Its authors describe the format in "Open sourcing
 * a 1.5B parameter Next-Edit Autocomplete Model" (blog.sweep.dev/posts/oss-next-edit) and the model
 * card (huggingface.co/sweepai/sweep-next-edit-1.5B): Qwen2.5-Coder's own pretraining layout of
 * `<|file_sep|>` file blocks, the recent changes as `original:` / `updated:` blocks rather than
 * unified diffs, and a fixed window of 21 lines (10 above the cursor line, 10 below) given twice,
 * as it was before the latest change (`original/`) and as it is (`current/`); the model writes the
 * window as it will be after the next edit under `updated/`. The format has no cursor marker. Zed's
 * client for it (`crates/edit_prediction/src/sweep_prompt.rs` in zed-industries/zed) was read for
 * the block order: changes oldest first, then original, current, updated.
 */
import { replyLines, cutAtStops, editableLines, type NextEditFormat, type NextEditInput } from '../format.js';

const FILE_SEP = '<|file_sep|>';
/** Where the updated window ends: the next file block, or the model's end of text. */
const STOPS = [FILE_SEP, '</s>', '<|endoftext|>'];

function block(path: string, lines: readonly string[]): string {
  return `${FILE_SEP}${path}\n${lines.map((line) => `${line}\n`).join('')}`;
}

function build(input: NextEditInput): { kind: 'raw'; prompt: string; stops: string[] } {
  const changes = input.edits.map((edit) => block(`${edit.path}.diff`, ['original:', ...edit.before, 'updated:', ...edit.after]));
  const prompt = [...changes, block(`original/${input.path}`, input.original), block(`current/${input.path}`, editableLines(input)), `${FILE_SEP}updated/${input.path}\n`].join('');
  return { kind: 'raw', prompt, stops: STOPS };
}

/** The updated window; an empty reply for a window that has lines is no window. */
function read(reply: string, input: NextEditInput): string[] | null {
  const text = cutAtStops(reply, STOPS);
  if (text.trim() === '' && input.editable.end > input.editable.start) return null;
  return replyLines(text);
}

export const SWEEP: NextEditFormat = { family: 'sweep', window: { above: 10, below: 10, context: 0 }, build, read };
