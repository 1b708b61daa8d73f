/**
 * Any chat model: the same window as the trained formats give (the editable lines between the
 * markers Zeta and Instinct use, the cursor marked), the recent edits as a unified diff with 3
 * context lines oldest first, the definitions of the names around the cursor, and a plain request
 * for the rewritten lines in one fenced code block, read like an inline edit's reply
 * (`extractEditedCode`: reasoning and chatter around the fence dropped). Redline's own format: a
 * chat model follows instructions, so nothing here needs to match a training set.
 */
import { fenced } from '../../context/render.js';
import { extractEditedCode, fenceOf } from '../../edit/extract.js';
import { MARKERS, editableLines, markedEditable, replyLines, type NextEditFormat, type NextEditInput } from '../format.js';

const SYSTEM =
  "You predict a programmer's next edit. You get their recent edits, oldest first, and an excerpt of the file they are in. " +
  `The lines between ${MARKERS.editableStart} and ${MARKERS.editableEnd} are the ones you may change; ${MARKERS.cursor} marks the cursor. ` +
  'Reply with those lines as they read after the next edit, continuing what the recent edits started (the other uses of a renamed name, the call sites of a changed signature, the rest of a pattern), ' +
  'in one fenced code block, without the markers and without explanation. When nothing should change, reply with the lines unchanged.';

function build(input: NextEditInput): { kind: 'chat'; messages: Array<{ role: 'system' | 'user'; content: string }> } {
  const diff = input.edits.map((edit) => `--- ${edit.path}\n+++ ${edit.path}\n${edit.diff}`).join('\n');
  const before = input.lines.slice(0, input.editable.start - input.first);
  const after = input.lines.slice(input.editable.end - input.first);
  const excerpt = [...before, MARKERS.editableStart, ...markedEditable(input), MARKERS.editableEnd, ...after].join('\n');
  const sections = [
    ...input.definitions.map((d) => `A definition the code uses, from ${d.path}:\n${fenced(input.languageId, d.text)}`),
    ...(diff ? [`The user's recent edits, oldest first:\n${fenced('diff', diff)}`] : []),
    `${input.path}, around the cursor:\n${fenced(input.languageId, excerpt)}`,
    'Rewrite the lines between the markers as they read after the next edit.',
  ];
  return { kind: 'chat', messages: [{ role: 'system', content: SYSTEM }, { role: 'user', content: sections.join('\n\n') }] };
}

/** The fenced code (a reply without a fence is chatter, not lines); marker lines the model kept are left out. */
function read(reply: string, input: NextEditInput): string[] | null {
  if (!reply.split(/\r?\n/).some((line) => fenceOf(line) !== null)) return null;
  const code = extractEditedCode(reply, editableLines(input).join('\n'));
  const lines = replyLines(code).filter((line) => line.trim() !== MARKERS.editableStart && line.trim() !== MARKERS.editableEnd);
  if (lines.some((line) => line.includes(MARKERS.editableStart) || line.includes(MARKERS.editableEnd))) return null;
  return lines;
}

export const INSTRUCT: NextEditFormat = { family: 'instruct', window: { kind: 'lines', above: 10, below: 10, context: 10 }, edits: { context: 3, max: 5 }, definitions: true, build, read };
