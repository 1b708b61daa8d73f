/**
 * A scripted next-edit model for the double: it reads a request the way each family's model was
 * trained to read its prompt (Sweep's `<|file_sep|>current/…` window, with line ranges and a
 * `<|cursor|>` marker in Sweep's v2 format, Zeta's and Instinct's
 * editable-region markers, a chat model's fenced excerpt), rewrites the editable lines with a
 * given function, and answers in that family's reply format, cut at the request's stop strings as
 * a server cuts it. A prompt it cannot read is answered with an error status, so a test sees a
 * prompt that lost its structure. It knows nothing of how the sidecar builds prompts.
 */
import type { RecordedRequest, Reply } from './double.js';

export type NextEditFamilyName = 'sweep' | 'sweep-v2' | 'zeta' | 'instinct' | 'instruct';

const START = '<|editable_region_start|>';
const END = '<|editable_region_end|>';
const CURSOR = '<|user_cursor_is_here|>';
const SWEEP_CURSOR = '<|cursor|>';

interface Read {
  family: NextEditFamilyName;
  /** The editable lines, cursor marker removed. */
  lines: string[];
  /** The reply around the rewritten lines. */
  answer(lines: string[]): string;
}

/** The family a request speaks and its editable lines; null when it is none of them. */
export function readNextEditRequest(req: RecordedRequest): Read | null {
  const body = req.body as { prompt?: unknown; messages?: Array<{ role: string; content: string }> };
  if (typeof body.prompt === 'string') return readRaw(body.prompt);
  const user = body.messages?.find((m) => m.role === 'user')?.content;
  if (typeof user !== 'string') return null;
  const region = between(user, `${START}\n`, `\n${END}`);
  if (region === null) return null;
  const info = /```(\w*)\n[^`]*$/.exec(user.slice(0, user.indexOf(START)))?.[1] ?? '';
  return { family: 'instruct', lines: unmark(region), answer: (lines) => `Here is the next edit:\n\`\`\`${info}\n${lines.join('\n')}\n\`\`\`\n` };
}

function readRaw(prompt: string): Read | null {
  const updated = /<\|file_sep\|>updated\/([^\n]*)\n$/.exec(prompt);
  if (updated) {
    const current = between(prompt, `<|file_sep|>current/${updated[1]}\n`, '<|file_sep|>');
    if (current === null) return null;
    // A window block ends with its last line's break: the lines are what precedes it.
    const v2 = /:\d+:\d+$/.test(updated[1]);
    const block = current.replace(/\n$/, '');
    const lines = (v2 ? block.split(SWEEP_CURSOR).join('') : block).split('\n');
    return { family: v2 ? 'sweep-v2' : 'sweep', lines, answer: (rewritten) => `${rewritten.join('\n')}\n<|file_sep|>` };
  }
  const region = between(prompt, `${START}\n`, `\n${END}`);
  if (region === null) return null;
  if (prompt.startsWith('<|im_start|>system\n') && prompt.endsWith('<|im_start|>assistant\n')) {
    return { family: 'instinct', lines: unmark(region), answer: (lines) => `${lines.join('\n')}<|im_end|>` };
  }
  if (prompt.startsWith('### Instruction:') && prompt.endsWith('### Response:\n')) {
    const excerpt = prompt.slice(prompt.indexOf('### User Excerpt:\n\n') + '### User Excerpt:\n\n'.length);
    const head = excerpt.slice(0, excerpt.indexOf(START));
    const tail = excerpt.slice(excerpt.indexOf(END));
    return { family: 'zeta', lines: unmark(region), answer: (lines) => `${head}${START}\n${lines.join('\n')}\n${tail.replace(/\n\n### Response:\n$/, '')}` };
  }
  return null;
}

function between(text: string, open: string, close: string): string | null {
  const from = text.indexOf(open);
  if (from < 0) return null;
  const to = text.indexOf(close, from + open.length);
  return to < 0 ? null : text.slice(from + open.length, to);
}

const unmark = (region: string) => region.split(CURSOR).join('').split('\n');

/** The reply cut at the first of the request's stop strings, as llama.cpp and Ollama cut it. */
function cutAtStops(text: string, body: unknown): string {
  const { stop, options } = body as { stop?: unknown; options?: { stop?: unknown } };
  const stops = [stop, options?.stop].flatMap((s) => (Array.isArray(s) ? s : typeof s === 'string' ? [s] : [])).filter((s): s is string => typeof s === 'string');
  let end = text.length;
  for (const s of stops) {
    const at = text.indexOf(s);
    if (at >= 0 && at < end) end = at;
  }
  return text.slice(0, end);
}

/**
 * A request handler for the double: each next-edit request gets its editable lines rewritten by
 * `rewrite`, in its family's reply format; `seen` hears the family of each. A request in no family
 * gets a 400 naming the problem.
 */
export function nextEditModel(rewrite: (lines: string[]) => string[], seen: (family: NextEditFamilyName) => void = () => undefined): (req: RecordedRequest) => Reply {
  return (req) => {
    const read = readNextEditRequest(req);
    if (!read) return { text: '', status: 400, errorBody: { error: 'the next-edit double found no editable window in this prompt' } };
    seen(read.family);
    return { text: cutAtStops(read.answer(rewrite(read.lines)), req.body), chunkSize: 16 };
  };
}
