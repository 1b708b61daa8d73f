/**
 * Continue's Instinct (Qwen2.5-Coder-7B fine-tuned). Format as its training code renders it
 * (continuedev/instinct: `utils/datautils.py`, `get_prompt_excerpt_and_rewrite`, `render_excerpt`,
 * `SYSTEM_PROMPT`): Qwen's chat template (`<|im_start|>` system, user, assistant turns), a user
 * message of a preface, `### Context:`, `### User Edits:` with each edit as `User edited file
 * "<path>"` and a ```diff block — most recent first, as its system prompt says — then
 * `### User Excerpt:` with the quoted path and the excerpt, the rewritable lines between
 * `<|editable_region_start|>` and `<|editable_region_end|>` lines and `<|user_cursor_is_here|>` at
 * the cursor. The model answers with the editable region alone, without markers. The system
 * prompt and preface are Redline's own, shorter wording of what the markers mean.
 */
import { MARKERS, cutAtStops, markedEditable, replyLines, type NextEditFormat, type NextEditInput } from '../format.js';

const STOPS = ['<|im_end|>', '<|im_start|>', '<|endoftext|>'];

const SYSTEM =
  'You predict the next edit a developer makes. The user message gives their latest edits as unified diffs, most recent first, and an excerpt of their file. ' +
  `Rewrite only the lines between ${MARKERS.editableStart} and ${MARKERS.editableEnd} as they will read after the next edit; ${MARKERS.cursor} marks the cursor. ` +
  'Answer with those lines only: no markers, no explanation.';

const PREFACE = "Continue the developer's edits in the editable region of the excerpt.";

function build(input: NextEditInput): { kind: 'raw'; prompt: string; stops: string[] } {
  const edits = [...input.edits]
    .reverse()
    .map((edit) => `User edited file "${edit.path}"\n\n\`\`\`diff\n${edit.diff}\n\`\`\`\n\n`)
    .join('');
  const before = input.lines.slice(0, input.editable.start - input.first);
  const after = input.lines.slice(input.editable.end - input.first);
  const excerpt = [...before, MARKERS.editableStart, ...markedEditable(input), MARKERS.editableEnd, ...after].join('\n');
  const user = `${PREFACE}\n\n### Context:\n\n\n\n\n### User Edits:\n\n${edits}### User Excerpt:\n"${input.path}"\n\n${excerpt}`;
  const prompt = `<|im_start|>system\n${SYSTEM}<|im_end|>\n<|im_start|>user\n${user}<|im_end|>\n<|im_start|>assistant\n`;
  return { kind: 'raw', prompt, stops: STOPS };
}

/** The region's lines; markers the model repeated anyway are read as the region's bounds. */
function read(reply: string): string[] | null {
  let text = cutAtStops(reply, STOPS);
  const start = text.indexOf(MARKERS.editableStart);
  if (start >= 0) text = text.slice(start + MARKERS.editableStart.length).replace(/^\r?\n/, '');
  const end = text.indexOf(MARKERS.editableEnd);
  if (end >= 0) text = text.slice(0, end);
  if (text.includes(MARKERS.editableStart) || text.includes(MARKERS.editableEnd)) return null;
  return replyLines(text);
}

export const INSTINCT: NextEditFormat = { family: 'instinct', window: { above: 4, below: 12, context: 8 }, build, read };
