/**
 * Zed's Zeta (the first release, `zed-industries/zeta`, Qwen2.5-Coder-7B fine-tuned). Format as
 * the Zed client of that release builds it (zed-industries/zed `crates/zeta/src/zeta.rs`: the
 * prompt sections, `format_event`, `prompt_for_events`, MAX_EVENT_TOKENS; `input_excerpt.rs`
 * @0d692688: the excerpt; today's `crates/zeta_prompt/src/zeta_prompt.rs` mod `zeta1` and
 * `crates/edit_prediction/src/zeta1.rs` @0b96bbf1 hold the same headers and `parse_edits`):
 *
 * - `### Instruction:`, the instruction sentence, `### User Edits:`, then each edit as
 *   `User edited "{path}":` (the path quoted, Rust's `{:?}`) and a ```diff block of the unified
 *   diff with 3 context lines — each diff line ending in a line break, so a blank line precedes the
 *   closing fence — oldest first, joined by a blank line, as many of the latest as fit 500 tokens;
 * - `### User Excerpt:` with the excerpt fenced under its path, `<|start_of_file|>` when it begins
 *   the file, the editable region between `<|editable_region_start|>` and `<|editable_region_end|>`
 *   on lines of their own and `<|user_cursor_is_here|>` at the caret; the editable region grown
 *   from the syntax node around the cursor up to 350 tokens, the context around it up to 150
 *   (window.ts); then `### Response:`.
 *
 * The model answers with the excerpt again, its editable region rewritten; the region is read
 * between the markers, the cursor marker dropped. The instruction is the one sentence every
 * training prompt began with, kept word for word: like the headers and markers it is part of the
 * format the model was fine-tuned on, not prose to restate, and a reworded one moves every prompt
 * off the training distribution.
 */
import { MARKERS, cutAtStops, markedEditable, replyLines, type NextEditFormat, type NextEditInput } from '../format.js';

/** The region's end marker ends the useful reply: what follows restates the context. */
const STOPS = [MARKERS.editableEnd, '<|endoftext|>'];

const INSTRUCTION =
  'You are a code completion assistant and your task is to analyze user edits and then rewrite an excerpt that the user provides, suggesting the appropriate edits within the excerpt, taking into account the cursor location.';

/** Zed's MAX_EVENT_TOKENS, counted as its `tokens_for_bytes` counts (3 bytes a token). */
const MAX_EVENT_TOKENS = 500;
const tokensFor = (text: string) => Math.floor(Buffer.byteLength(text) / 3);

/** The latest events that fit the budget, oldest first, joined by a blank line (`prompt_for_events`). */
function events(input: NextEditInput): string {
  const shown: string[] = [];
  let remaining = MAX_EVENT_TOKENS;
  for (const edit of [...input.edits].reverse()) {
    const event = `User edited ${JSON.stringify(edit.path)}:\n\`\`\`diff\n${edit.diff}\n\n\`\`\``;
    const tokens = tokensFor(event);
    if (tokens > remaining) break;
    shown.unshift(event);
    remaining -= tokens;
  }
  return shown.join('\n\n');
}

function build(input: NextEditInput): { kind: 'raw'; prompt: string; stops: string[] } {
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
  const prompt = `### Instruction:\n${INSTRUCTION}\n\n### User Edits:\n\n${events(input)}\n\n### User Excerpt:\n\n${excerpt}\n\n### Response:\n`;
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

export const ZETA: NextEditFormat = {
  family: 'zeta',
  window: { kind: 'syntax', editableTokens: 350, contextTokens: 150 },
  edits: { context: 3, max: 16 },
  build,
  read,
};
