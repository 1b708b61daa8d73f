/**
 * Continue's Instinct (Qwen2.5-Coder-7B fine-tuned). Format as its training code renders every
 * example (continuedev/instinct @2f888a1b: `utils/datautils.py`, `transform_item`,
 * `get_prompt_excerpt_and_rewrite`, `render_excerpt`, `reduce_diff_context_lines`,
 * `parse_context`; the options in `eval/eval_suite/eval_runner.py` and
 * `synthetic_data/synth_data_runner.py`):
 *
 * - Qwen's chat template: a system turn, a user turn, the assistant turn opened;
 * - the user turn: a preface, `### Context:` with the context items (here the definitions of the
 *   names around the cursor, each `<|context_file|> {path}`, `<|snippet|>`, its code, items apart
 *   by two blank lines), `### User Edits:` with each edit as `User edited file "{path}"` and a
 *   ```diff block with 5 context lines (`diff_context_lines 5`), most recent first, then
 *   `### User Excerpt:` with the quoted path and the excerpt: the rewritable lines between
 *   `<|editable_region_start|>` and `<|editable_region_end|>` lines, `<|user_cursor_is_here|>` at
 *   the caret; no closing section (the training data has none);
 * - the trained window: the editable region 5 lines either side of the cursor line
 *   (`editable_range_radius 5`) and the excerpt 25 lines either side of it
 *   (`excerpt_lines_around_cursor 25`; the trimming function is not published, Continue's own
 *   client (`core/nextEdit/providers/InstinctNextEditProvider.ts`) reads it as 25 above and below).
 *
 * The model answers with the editable region alone, without markers. The system prompt and the
 * preface follow the trained ones' structure — a role line, what each section holds in the order
 * the prompt has them, the task, `# Steps`, `# Output Format`, a closing blank line; one preface
 * paragraph — in Redline's own words.
 */
import { MARKERS, cutAtStops, markedEditable, type NextEditFormat, type NextEditInput } from '../format.js';

const STOPS = ['<|im_end|>', '<|im_start|>', '<|endoftext|>'];

const SYSTEM = `You predict the next edit a developer makes in their code. You rewrite the part of their file that lies between the ${MARKERS.editableStart} and ${MARKERS.editableEnd} markers, as it will read once they have made that edit.

The user message holds these sections:

- Context: under "### Context", pieces of other files of the project that may bear on the edit, each a <|context_file|> marker with the file's path, then a <|snippet|> marker and the code. Some may not matter here; use the ones that do.
- User Edits: under "### User Edits:", the developer's latest changes as unified diffs (lines starting with + were added, lines starting with - removed), the most recent first. They show where the developer is going; an older one may have nothing to do with the next edit.
- User Excerpt: under "### User Excerpt:", the path of the file the developer is in and the code around their cursor, with the editable region marked inside it. Only that region is rewritten; the rest of the excerpt is there to read.
- Cursor Position: ${MARKERS.cursor} marks where the cursor is in the editable region. Take it into account and leave it out of the answer.

Continue what the developer started: the other uses of a name they renamed, the call sites of a signature they changed, the rest of a pattern, the remainder of a line or a block they are typing. When nothing follows from their edits, the region stays as it is. Change only what you are sure of.

# Steps

1. **Read the sections**: the context, the recent edits, the code around the cursor and the cursor itself.
2. **Judge the region**: find what in the editable region the developer's edits call for next, if anything.
3. **Make the edit**: write it the way the developer writes their code.
4. **Keep the style**: the same indentation and formatting as the code around it.

# Output Format

- Answer with the rewritten editable region only, without the markers.
- Do not repeat code from outside the region.
- Do not take back or undo the developer's latest change, unless it is plainly a typo or an error.

`;

const PREFACE =
  'Read the excerpt, the edits and the context to see what the developer means to do. Rewrite the editable region of the excerpt with the change they would make next, completing what they began. It may add, remove or change code.';

function contextItems(input: NextEditInput): string {
  return input.definitions.map((d) => `<|context_file|> ${d.path}\n<|snippet|>\n${d.text.replace(/\n+$/, '')}`).join('\n\n\n');
}

function build(input: NextEditInput): { kind: 'raw'; prompt: string; stops: string[] } {
  const edits = [...input.edits]
    .reverse()
    .map((edit) => `User edited file "${edit.path}"\n\n\`\`\`diff\n${edit.diff}\n\`\`\`\n\n`)
    .join('');
  const before = input.lines.slice(0, input.editable.start - input.first);
  const after = input.lines.slice(input.editable.end - input.first);
  const excerpt = [...before, MARKERS.editableStart, ...markedEditable(input), MARKERS.editableEnd, ...after].join('\n');
  const user = `${PREFACE}\n\n### Context:\n\n${contextItems(input)}\n\n\n### User Edits:\n\n${edits}### User Excerpt:\n"${input.path}"\n\n${excerpt}`;
  const prompt = `<|im_start|>system\n${SYSTEM}<|im_end|>\n<|im_start|>user\n${user}<|im_end|>\n<|im_start|>assistant\n`;
  return { kind: 'raw', prompt, stops: STOPS };
}

/**
 * The region's lines: the training's answer is the lines joined by line breaks, the end of turn
 * right after the last one, so a final line break is a final empty line. Markers the model
 * repeated anyway are read as the region's bounds (each on a line of its own).
 */
function read(reply: string): string[] | null {
  let text = cutAtStops(reply, STOPS).replace(/\r\n?/g, '\n');
  const start = text.indexOf(MARKERS.editableStart);
  if (start >= 0) text = text.slice(start + MARKERS.editableStart.length).replace(/^\n/, '');
  const end = text.indexOf(MARKERS.editableEnd);
  if (end >= 0) text = text.slice(0, end).replace(/\n$/, '');
  if (text.includes(MARKERS.editableStart) || text.includes(MARKERS.editableEnd)) return null;
  return text.split(MARKERS.cursor).join('').split('\n');
}

export const INSTINCT: NextEditFormat = {
  family: 'instinct',
  window: { kind: 'lines', above: 5, below: 5, context: 20 },
  edits: { context: 5, max: 5 },
  definitions: true,
  build,
  read,
};
