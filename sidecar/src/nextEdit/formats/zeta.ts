/**
 * Zed's Zeta (Qwen2.5-Coder-7B fine-tuned). Format as Zed's own client builds it
 * (zed-industries/zed: `crates/edit_prediction/src/zeta1.rs`, `excerpt_for_cursor_position`,
 * `format_event`, `parse_edits`; an example prompt in the repository's edit-prediction notes):
 * an instruction, `### User Edits:` with each edit as "User edited <path>:" and a ```diff block
 * (oldest first), `### User Excerpt:` with the excerpt fenced under its path, a start-of-file
 * marker when the excerpt begins the file, the rewritable lines between `<|editable_region_start|>`
 * and `<|editable_region_end|>` on lines of their own, `<|user_cursor_is_here|>` at the cursor, then
 * `### Response:`. The model answers with the excerpt again, its editable region rewritten; the
 * region is read between the markers, the cursor marker dropped. The instruction's wording is
 * Redline's own: the model keys on the section headers and markers.
 */
import { MARKERS, cutAtStops, markedEditable, replyLines, type NextEditFormat, type NextEditInput } from '../format.js';

/** The region's end marker ends the useful reply: what follows restates the context. */
const STOPS = [MARKERS.editableEnd, '<|endoftext|>'];

const INSTRUCTION = 'You help a programmer by predicting their next edit: read their recent edits, then rewrite the editable region of the excerpt as it will be after that edit, with the cursor where it is marked.';

function build(input: NextEditInput): { kind: 'raw'; prompt: string; stops: string[] } {
  const edits = input.edits.map((edit) => `User edited ${edit.path}:\n\`\`\`diff\n${edit.diff}\n\`\`\``).join('\n\n');
  const before = input.lines.slice(0, input.editable.start - input.first);
  const after = input.lines.slice(input.editable.end - input.first);
  const excerpt = [
    `\`\`\`${input.path}`,
    ...(input.first === 0 ? [MARKERS.startOfFile] : []),
    ...before,
    MARKERS.editableStart,
    ...markedEditable(input),
    MARKERS.editableEnd,
    ...after,
    '```',
  ].join('\n');
  const prompt = `### Instruction:\n${INSTRUCTION}\n\n### User Edits:\n\n${edits}\n\n### User Excerpt:\n\n${excerpt}\n\n### Response:\n`;
  return { kind: 'raw', prompt, stops: STOPS };
}

/** The lines after the reply's one start marker, up to its end marker or the end of the reply (the marker is a stop string). */
function read(reply: string): string[] | null {
  const parts = reply.split(MARKERS.editableStart);
  if (parts.length !== 2) return null;
  const region = parts[1];
  if (region.split(MARKERS.editableEnd).length > 2) return null;
  const body = cutAtStops(region, STOPS);
  // The marker stands on a line of its own: the line break after it is not part of the region.
  return replyLines(body.startsWith('\n') ? body.slice(1) : body.startsWith('\r\n') ? body.slice(2) : body);
}

export const ZETA: NextEditFormat = { family: 'zeta', window: { above: 4, below: 12, context: 8 }, build, read };
